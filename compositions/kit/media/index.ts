// Media and text components: images, device mockups, logo reveal, quote, kinetic headline, lower third.
export { ImageFrame, ImageGrid, ImageSplit, gridFor } from './image-frame';
export { dataUrlImageSize, imageFit, photoPanel, useNaturalSize } from './image-fit';
export type { ImageBox, NaturalSize } from './image-fit';
export { KineticHeadline } from './kinetic-headline';
export { LogoReveal } from './logo-reveal';
export { LowerThird, PushImage } from './lower-third';
export { Quote, QuoteMark } from './quote';
export { CastSheet } from './cast-sheet';
export { DeviceMockup, deviceFor, deviceGeometry, mockupLayout } from './device-mockup';
export type { DeviceGeometry, DeviceKind, MockupBoxes } from './device-mockup';

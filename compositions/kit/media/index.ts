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
export { LabelledIllustration } from './labelled-illustration';
export type { IllustrationPart } from './labelled-illustration';
export { anchorOf, defaultAnchors, LABELLED_MAX, LABELLED_MIN, labelledIllustrationLayout, packAlong } from './labelled-illustration-layout';
export type { CalloutBox, LabelledBoxes, PicturePoint, PlacedCallout } from './labelled-illustration-layout';

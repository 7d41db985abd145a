// The scene kit: what scene code imports as '@kit'. Every component adapts to the canvas (16:9,
// 9:16, 1:1, 4:5 and any exact size), fits its text, and keeps text readable on its background.
export { Background } from './background';
export { BulletList, StepList } from './bullet-list';
export { CAMERA_MOVE_FRAMES, cameraAt, cameraTransform, type Camera, type CameraShot } from './camera';
export { CallToAction } from './call-to-action';
export { captionBand, CaptionedScene, Captions } from './captions';
export type { CaptionChunk, CaptionPosition, CaptionStyle, CaptionTrack, CaptionWord } from './captions';
export { contrastRatio, kitColors, parseColor, readableOn } from './color';
export type { KitColors } from './color';
export { FitLines, FittedText, fitText } from './fitted-text';
export { fontFamily, fontWeight, SHIPPED_FONTS } from './fonts';
export { Heading, Ornament, packLayout } from './heading';
export { layoutFor, useLayout } from './layout';
export type { Layout } from './layout';
export { entranceStyle, useEntrance, useExit } from './motion';
export { buildFrames, cueWords, emphasisAt, NARRATION_TIMING_KEY, NarrationTimingContext, narrationTimingOf, spokenTimes, useNarrationBuild } from './narration-build';
export type { NarrationBuild, NarrationTiming, TimedWord } from './narration-build';
export { SceneFrame, transitionFor } from './scene-frame';
export type { TransitionKind } from './scene-frame';
export { FootageShot, type FootageMove } from './media/footage-shot';
export { formatNumber, StatCounter } from './stat-counter';
export { TitleCard } from './title-card';
export { themeWithSettings } from './theme-settings';
export * from './data';
export * from './media';
export * from './diagrams';
export * from './lists';
export * from './maps';

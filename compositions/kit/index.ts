// The scene kit: what scene code imports as '@kit'.
export { Background } from './background';
export { BulletList } from './bullet-list';
export { CallToAction } from './call-to-action';
export { Captions } from './captions';
export type { CaptionChunk } from './captions';
export { FittedText } from './fitted-text';
export { fontFamily } from './fonts';
export { useLayout } from './layout';
export type { Layout } from './layout';
export { entranceStyle, useEntrance, useExit } from './motion';
export { StatCounter } from './stat-counter';
export { TitleCard } from './title-card';

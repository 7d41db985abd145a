import React from 'react';
import { Composition, type CalculateMetadataFunction } from 'remotion';
import { SceneHost } from './scene-host';
import type { SceneProps } from './scene-props';

const calculateMetadata: CalculateMetadataFunction<SceneProps> = ({ props }) => ({
  width: props.width,
  height: props.height,
  fps: props.fps,
  durationInFrames: props.durationInFrames,
});

const defaults: SceneProps = {
  code: 'module.exports.default = function Empty() { return null; };',
  theme: {
    id: 'plain',
    palette: { background: '#FFFFFF', surface: '#F3F4F6', text: '#111827', primary: '#2563EB', secondary: '#64748B', accent: '#F59E0B' },
    fonts: { heading: 'Inter', body: 'Inter' },
    motion: { easing: 'ease-out', entrance: 'fade', durationFrames: 18, staggerFrames: 6 },
    background: { kind: 'solid' },
  },
  settings: {},
  assets: {},
  width: 1280,
  height: 720,
  fps: 30,
  durationInFrames: 90,
};

/** The one composition every scene renders through; size and length come from its props. */
export const Root: React.FC = () => (
  <Composition
    id="scene"
    component={SceneHost}
    defaultProps={defaults}
    calculateMetadata={calculateMetadata}
    width={defaults.width}
    height={defaults.height}
    fps={defaults.fps}
    durationInFrames={defaults.durationInFrames}
  />
);

import React from 'react';
import { Composition, type CalculateMetadataFunction } from 'remotion';
import { GalleryHost } from './gallery-host';
import { SceneHost } from './scene-host';
import { ProbeHost } from './probe-host';
import { TimelineHost } from './timeline-host';
import type { GalleryProps, SceneProps, TimelineProps } from './scene-props';

/** Size, rate and length come from the props. */
function metadataOf<P extends SceneProps>(): CalculateMetadataFunction<P> {
  return ({ props }) => ({ width: props.width, height: props.height, fps: props.fps, durationInFrames: props.durationInFrames });
}

/** The timeline's length is the sum of its scenes'. */
const timelineMetadata: CalculateMetadataFunction<TimelineProps> = ({ props }) => ({
  width: props.width,
  height: props.height,
  fps: props.fps,
  durationInFrames: Math.max(1, props.scenes.reduce((sum, scene) => sum + scene.durationInFrames, 0)),
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

/**
 * `scene`, the composition every scene renders through (size and length come from its props);
 * `gallery`, which shows many scenes one per frame for the kit gallery test; `timeline`, scenes one
 * after another in one composition (segment batches, and the stock-Remotion reference of the
 * render-speed bench); and `probe`, which walks a scene's or a timeline's frames in one page to
 * find the ones that change (held frames).
 */
/** The shape Remotion registers each composition with; every render replaces it from the props. */
const placeholderShape = { width: defaults.width, height: defaults.height, fps: defaults.fps, durationInFrames: defaults.durationInFrames };

export const Root: React.FC = () => (
  <>
    <Composition
      id="scene"
      component={SceneHost}
      defaultProps={defaults}
      calculateMetadata={metadataOf<SceneProps>()}
      {...placeholderShape}
    />
    <Composition
      id="gallery"
      component={GalleryHost}
      defaultProps={{ ...defaults, scenes: [], settledFrame: 0 } as GalleryProps}
      calculateMetadata={metadataOf<GalleryProps>()}
      {...placeholderShape}
    />
    <Composition
      id="probe"
      component={ProbeHost}
      defaultProps={defaults}
      calculateMetadata={metadataOf<SceneProps>()}
      {...placeholderShape}
    />
    <Composition
      id="timeline"
      component={TimelineHost}
      defaultProps={{ ...defaults, scenes: [] } as TimelineProps}
      calculateMetadata={timelineMetadata}
      {...placeholderShape}
    />
  </>
);

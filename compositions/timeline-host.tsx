import React from 'react';
import { Series } from 'remotion';
import { SceneHost } from './scene-host';
import type { TimelineProps } from './scene-props';

/**
 * The `timeline` composition: a video's scenes one after another in a single composition, the way
 * a plain Remotion project would render them in one `renderMedia`. The node renders scenes as
 * segments instead; the render-speed bench and the held-frame tests render this as the reference.
 */
export const TimelineHost: React.FC<TimelineProps> = ({ scenes, width, height, fps }) => (
  <Series>
    {scenes.map((scene, index) => (
      <Series.Sequence key={index} durationInFrames={scene.durationInFrames}>
        <SceneHost {...scene} width={width} height={height} fps={fps} />
      </Series.Sequence>
    ))}
  </Series>
);

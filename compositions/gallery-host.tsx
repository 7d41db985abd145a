import React from 'react';
import { Freeze, Sequence, useCurrentFrame } from 'remotion';
import { SceneHost } from './scene-host';
import type { GalleryProps } from './scene-props';

/**
 * The `gallery` composition (the kit gallery test): frame i is scene i, frozen at its settled
 * frame (or its own length and frame) and audited as frame i, so one page renders every case at one size instead of a page per
 * still.
 */
export const GalleryHost: React.FC<GalleryProps> = ({ scenes, settledFrame, ...props }) => {
  const frame = useCurrentFrame();
  const scene = scenes[frame];
  if (!scene) return null;
  const { durationInFrames, settledFrame: ownFrame, ...shown } = scene;
  return (
    <Freeze frame={ownFrame ?? settledFrame}>
      <Sequence durationInFrames={durationInFrames} layout="none">
        <SceneHost key={frame} {...props} {...shown} auditFrame={frame} />
      </Sequence>
    </Freeze>
  );
};

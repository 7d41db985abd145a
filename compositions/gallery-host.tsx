import React from 'react';
import { Freeze, useCurrentFrame } from 'remotion';
import { SceneHost } from './scene-host';
import type { GalleryProps } from './scene-props';

/**
 * The `gallery` composition (the kit gallery test): frame i is scene i, frozen at its settled
 * frame and audited as frame i, so one page renders every case at one size instead of a page per
 * still.
 */
export const GalleryHost: React.FC<GalleryProps> = ({ scenes, settledFrame, ...props }) => {
  const frame = useCurrentFrame();
  const scene = scenes[frame];
  if (!scene) return null;
  return (
    <Freeze frame={settledFrame}>
      <SceneHost key={frame} {...props} {...scene} auditFrame={frame} />
    </Freeze>
  );
};

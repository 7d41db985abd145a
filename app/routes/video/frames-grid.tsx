import type { Frames } from '../../api/types.js';
import { frameAlt } from '../../format/frame-alt.js';

/** The stills of `GET /frames` in a grid, each with its caption and alt text. */
export function FramesGrid({ frames, sceneIds }: { frames: Frames; sceneIds: string[] }) {
  return (
    <ul className="frames-grid">
      {frames.frames.map((frame) => {
        const position = frame.scene_id === null ? undefined : sceneIds.indexOf(frame.scene_id);
        const alt = frameAlt(frames, frame, position === -1 ? undefined : position);
        return (
          <li key={`${frame.scene_id ?? 'cast'}-${frame.index}`}>
            <figure>
              <img src={`data:${frame.mime_type};base64,${frame.data}`} alt={alt} width={frame.width} height={frame.height} loading="lazy" />
              <figcaption>{alt}</figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}

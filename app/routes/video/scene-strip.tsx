import type { Frame, Video } from '../../api/types.js';
import '../../styles/scene-editor.css';

/** One scene of the strip: its number in the source video, and what to show for it. */
interface StripScene {
  number: number;
  title: string;
  seconds: number;
  frame: Frame | undefined;
  changed: boolean;
}

/**
 * The video's scenes as a strip of thumbnails in the draft's order, each a `data-scene` element
 * (the source's scene number) holding that scene's still. A scene is chosen by its button; the
 * arrows move it a place earlier or later, and Remove takes it out (the removed are listed after
 * the strip, each with Restore). Nothing is sent until the editor makes the edit.
 */
export function SceneStrip({
  video,
  frames,
  order,
  changed,
  seconds,
  selected,
  onSelect,
  onOrder,
}: {
  video: Video;
  frames: Frame[];
  /** The source's scene numbers in their new order (removed ones left out). */
  order: number[];
  /** Scene numbers with unsent changes. */
  changed: Set<number>;
  /** New lengths by scene number. */
  seconds: Record<number, number>;
  selected: number | undefined;
  onSelect: (scene: number) => void;
  onOrder: (order: number[]) => void;
}) {
  const sceneOf = (number: number): StripScene => {
    const scene = video.scenes[number - 1]!;
    return {
      number,
      title: scene.title,
      seconds: seconds[number] ?? scene.duration_seconds,
      frame: frames.find((frame) => frame.scene_id === scene.id),
      changed: changed.has(number),
    };
  };
  const move = (index: number, by: -1 | 1) => {
    const next = order.slice();
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onOrder(next);
  };
  const removed = video.scenes.map((_, i) => i + 1).filter((number) => !order.includes(number));
  return (
    <div className="scene-strip-box">
      <ol className="scene-strip" aria-label="Scenes in order">
        {order.map((number, index) => {
          const scene = sceneOf(number);
          return (
            <li key={number} data-scene={number} className={`scene-strip-item${selected === number ? ' selected' : ''}${scene.changed ? ' changed' : ''}`}>
              <button type="button" className="scene-thumb" onClick={() => onSelect(number)} aria-pressed={selected === number}>
                {scene.frame === undefined ? (
                  <span className="scene-thumb-empty">No still yet</span>
                ) : (
                  <img src={`data:${scene.frame.mime_type};base64,${scene.frame.data}`} alt="" width={scene.frame.width} height={scene.frame.height} />
                )}
                <span className="scene-thumb-caption">
                  <span className="scene-thumb-number">{index + 1}</span> {scene.title}{' '}
                  <span className="meta">
                    {scene.seconds.toFixed(1)} s{scene.changed ? ', changed' : ''}
                    {index + 1 !== number ? `, was ${number}` : ''}
                  </span>
                </span>
              </button>
              <div className="scene-strip-tools">
                <button type="button" onClick={() => move(index, -1)} disabled={index === 0} aria-label={`Move scene ${number} earlier`} title="Move earlier">
                  ←
                </button>
                <button type="button" onClick={() => move(index, 1)} disabled={index === order.length - 1} aria-label={`Move scene ${number} later`} title="Move later">
                  →
                </button>
                <button type="button" onClick={() => onOrder(order.filter((other) => other !== number))} disabled={order.length === 1} aria-label={`Remove scene ${number}`}>
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {removed.length === 0 ? null : (
        <ul className="scene-strip-removed" aria-label="Removed scenes">
          {removed.map((number) => (
            <li key={number}>
              Scene {number} ({video.scenes[number - 1]!.title}) is removed.{' '}
              <button type="button" onClick={() => onOrder(restored(order, number))} aria-label={`Restore scene ${number}`}>
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The order with a removed scene back: before the first kept scene that came after it in the source, else at the end. */
function restored(order: number[], scene: number): number[] {
  const at = order.findIndex((other) => other > scene);
  return at < 0 ? [...order, scene] : [...order.slice(0, at), scene, ...order.slice(at)];
}

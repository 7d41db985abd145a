import { seededRandom } from './synthesize-music.js';

/** Kinds of synthesized sound effects. */
export type EffectKind = 'whoosh' | 'pop' | 'riser';

/** Adds an effect into `out` at `at` seconds: whooshes on cuts, pops on reveals, risers into the close. */
export function addEffect(out: Float32Array, sampleRate: number, kind: EffectKind, at: number, gain = 0.35): void {
  const random = seededRandom(Math.round(at * 1000));
  const length = kind === 'pop' ? 0.09 : kind === 'whoosh' ? 0.6 : 1.2;
  // Whooshes and risers peak at `at` (they lead into the cut); pops start at it.
  const start = kind === 'pop' ? at : at - length * (kind === 'whoosh' ? 0.6 : 1);
  const from = Math.max(0, Math.floor(start * sampleRate));
  const to = Math.min(out.length, Math.floor((start + length) * sampleRate));
  let low = 0;
  let phase = 0;
  for (let i = from; i < to; i += 1) {
    const t = (i / sampleRate - start) / length;
    let sample: number;
    if (kind === 'pop') {
      phase += (900 - 500 * t) / sampleRate;
      sample = Math.sin(2 * Math.PI * phase) * (1 - t) ** 3;
    } else {
      // Noise through a one-pole low-pass whose cutoff sweeps up (riser) or up and down (whoosh).
      const sweep = kind === 'riser' ? t : Math.sin(Math.PI * t);
      const alpha = 0.02 + 0.5 * sweep;
      low += alpha * (random() * 2 - 1 - low);
      phase += (200 + 600 * t) / sampleRate;
      sample = low * 1.6 * sweep + (kind === 'riser' ? Math.sin(2 * Math.PI * phase) * 0.25 * t : 0);
    }
    out[i]! += sample * gain;
  }
}

/** A beat grid: beat k falls at `offset + k * 60 / bpm` seconds. */
export interface BeatGrid {
  bpm: number;
  offset: number;
}

const HOP_SECONDS = 0.01;

/**
 * Finds a track's tempo and beat phase: an onset envelope (rises in energy over 10 ms hops),
 * autocorrelated over the lags of 60 to 180 BPM for the tempo, then the phase whose beats carry the
 * most onset strength. Tempos an octave apart are resolved toward 80-160 BPM.
 */
export function detectBeats(samples: Float32Array, sampleRate: number): BeatGrid {
  const hop = Math.max(1, Math.round(sampleRate * HOP_SECONDS));
  // The real hop length: a rounded hop measured as 10 ms would drift the grid over a long track.
  const hopSeconds = hop / sampleRate;
  const frames = Math.floor(samples.length / hop);
  const energy = new Float32Array(frames);
  for (let f = 0; f < frames; f += 1) {
    let sum = 0;
    for (let i = f * hop; i < (f + 1) * hop; i += 1) sum += samples[i]! * samples[i]!;
    energy[f] = Math.log1p(sum * 1000);
  }
  const onset = new Float32Array(frames);
  for (let f = 1; f < frames; f += 1) onset[f] = Math.max(0, energy[f]! - energy[f - 1]!);

  const lagFor = (bpm: number) => 60 / bpm / hopSeconds;
  const scoreTempo = (bpm: number) => {
    const lag = lagFor(bpm);
    let score = 0;
    for (let f = 0; f + lag * 4 < frames; f += 1) {
      const a = onset[f]!;
      if (a === 0) continue;
      score += a * (interpolate(onset, f + lag) + 0.5 * interpolate(onset, f + lag * 2) + 0.25 * interpolate(onset, f + lag * 4));
    }
    // Prefer the usual range when a tempo and its double score alike.
    return bpm < 80 || bpm > 160 ? score * 0.9 : score;
  };
  let bestBpm = 120;
  let bestScore = -1;
  for (let bpm = 60; bpm <= 180; bpm += 0.5) {
    const score = scoreTempo(bpm);
    if (score > bestScore) {
      bestScore = score;
      bestBpm = bpm;
    }
  }
  // Refine tempo and phase together: the grid whose beats land on the most onset strength.
  // (A tempo off by a fraction drifts off the beats over a long track.)
  let best = { bpm: bestBpm, phase: 0, score: -1 };
  for (let bpm = bestBpm - 0.6; bpm <= bestBpm + 0.6; bpm += 0.02) {
    const period = lagFor(bpm);
    for (let phase = 0; phase < period; phase += 0.25) {
      let score = 0;
      for (let f = phase; f < frames; f += period) score += interpolate(onset, f);
      if (score > best.score) best = { bpm, phase, score };
    }
  }
  // An onset is measured at the hop where energy rose: the beat began within that hop.
  return { bpm: Math.round(best.bpm * 100) / 100, offset: Math.max(0, (best.phase - 0.5) * hopSeconds) };
}

function interpolate(values: Float32Array, position: number): number {
  if (position < 0) return 0;
  const index = Math.floor(position);
  const fraction = position - index;
  return (values[index] ?? 0) * (1 - fraction) + (values[index + 1] ?? 0) * fraction;
}

// How much of a speech clip is voice: the same measure for the embedded engine and every provider.

/** Decoded speech: the WAV's facts the pipeline needs. */
export interface DecodedSpeech {
  durationSeconds: number;
  sampleRate: number;
  /** Share of 10 ms windows above the silence floor, as the embedded engine measures it. */
  voicedShare: number;
  /** From the start of the first voiced window to the end of the last, in seconds. */
  voicedSpan: { start: number; end: number };
}

/**
 * Mean energy of a 10 ms window (samples -1..1) above which it counts as voiced: the floor the
 * embedded engine (audio-worker) uses, so `voicedShare` means the same from every provider.
 */
const SILENCE_FLOOR = 1e-5;

/** Length, voiced share and voiced span of mono samples (-fullScale..fullScale: 1 for floats, 32768 for 16-bit), in 10 ms windows. */
export function measureSpeech(samples: ArrayLike<number>, sampleRate: number, fullScale = 1): DecodedSpeech {
  const window = Math.max(1, Math.round(sampleRate / 100));
  const windows = Math.ceil(samples.length / window);
  let voiced = 0;
  let first = -1;
  let last = -1;
  for (let w = 0; w < windows; w += 1) {
    let energy = 0;
    const end = Math.min(samples.length, (w + 1) * window);
    for (let i = w * window; i < end; i += 1) energy += (samples[i]! / fullScale) ** 2;
    if (energy / window > SILENCE_FLOOR) {
      voiced += 1;
      if (first < 0) first = w;
      last = w;
    }
  }
  const durationSeconds = samples.length / sampleRate;
  return {
    durationSeconds,
    sampleRate,
    voicedShare: windows > 0 ? voiced / windows : 0,
    voicedSpan: first < 0 ? { start: 0, end: durationSeconds } : { start: (first * window) / sampleRate, end: Math.min(durationSeconds, ((last + 1) * window) / sampleRate) },
  };
}

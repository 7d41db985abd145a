import { toInt16, writeWav } from '../../src/pipeline/audio/wav.js';

/** Writes a music track to `file`: a click on every beat over a quiet hum, for beat-grid tests. */
export function clickTrackWav(file: string, options: { seconds: number; bpm?: number; offset?: number; rate?: number }): void {
  const { seconds, bpm = 120, offset = 0.25, rate = 22_050 } = options;
  const out = new Float32Array(seconds * rate);
  for (let i = 0; i < out.length; i += 1) out[i] = Math.sin((2 * Math.PI * 110 * i) / rate) * 0.05;
  for (let t = offset; t < seconds; t += 60 / bpm) {
    const start = Math.round(t * rate);
    for (let i = 0; i < rate * 0.03 && start + i < out.length; i += 1) out[start + i]! += Math.sin((2 * Math.PI * 1500 * i) / rate) * Math.exp(-i / (rate * 0.005)) * 0.8;
  }
  writeWav(file, toInt16(out), rate);
}

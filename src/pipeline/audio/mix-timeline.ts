import type { MixPlan } from './audio-protocol.js';
import { addEffect } from './synthesize-effects.js';
import { synthesizeMusic } from './synthesize-music.js';
import { readWav } from './wav.js';

/** Linear resampling: good enough for speech going into a mix. */
export function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const out = new Float32Array(Math.floor((samples.length * to) / from));
  const ratio = from / to;
  for (let i = 0; i < out.length; i += 1) {
    const position = i * ratio;
    const index = Math.floor(position);
    const fraction = position - index;
    out[i] = (samples[index] ?? 0) * (1 - fraction) + (samples[index + 1] ?? 0) * fraction;
  }
  return out;
}

/** Music level under speech, relative to its level in the clear. */
export const DUCK_GAIN = 0.22;

/**
 * Mixes the whole timeline once (never per segment): narration, music ducked under it and faded
 * out at the end, client clips and effects. Mono floats at the plan's rate; loudness is normalized
 * afterwards with FFmpeg's loudnorm.
 */
export function mixTimeline(plan: MixPlan): Float32Array {
  const rate = plan.sampleRate;
  const total = Math.max(1, Math.round(plan.durationSeconds * rate));
  const voice = new Float32Array(total);
  for (const clip of plan.narration) {
    const wav = readWav(clip.path);
    const samples = resample(wav.samples, wav.sampleRate, rate);
    const offset = Math.round(clip.start * rate);
    for (let i = 0; i < samples.length && offset + i < total; i += 1) voice[offset + i]! += samples[i]!;
  }
  for (const clip of plan.clips) {
    const wav = readWav(clip.path);
    const samples = resample(wav.samples, wav.sampleRate, rate);
    const offset = Math.round(clip.start * rate);
    for (let i = 0; i < samples.length && offset + i < total; i += 1) voice[offset + i]! += samples[i]! * clip.gain;
  }

  let music: Float32Array | undefined;
  if (plan.clientMusic) {
    const wav = readWav(plan.clientMusic.path);
    const track = resample(wav.samples, wav.sampleRate, rate);
    const offset = Math.round(plan.clientMusic.offset * rate);
    music = new Float32Array(total);
    // Trimmed to the video, looped when shorter.
    for (let i = 0; i < total && track.length > 0; i += 1) music[i] = track[(offset + i) % track.length]!;
  } else if (plan.music) {
    music = synthesizeMusic({ durationSeconds: plan.durationSeconds, sampleRate: rate, ...plan.music });
  }

  const out = new Float32Array(total);
  if (music) {
    // Ducking: a gain that falls while speech is present (10 ms windows, 150 ms look-around), smoothed.
    const window = Math.round(rate / 100);
    const windows = Math.ceil(total / window);
    const speaking = new Uint8Array(windows);
    for (let w = 0; w < windows; w += 1) {
      let energy = 0;
      for (let i = w * window; i < Math.min(total, (w + 1) * window); i += 1) energy += voice[i]! * voice[i]!;
      if (energy / window > 1e-5) speaking[w] = 1;
    }
    const spread = 15;
    let gain = 1;
    const fadeOut = Math.min(2.5, plan.durationSeconds / 4) * rate;
    const fadeIn = 0.3 * rate;
    for (let i = 0; i < total; i += 1) {
      const w = Math.floor(i / window);
      let near = 0;
      for (let d = -spread; d <= spread && !near; d += 5) near = speaking[w + d] ?? 0;
      const target = near ? DUCK_GAIN : 1;
      gain += (target - gain) * (target < gain ? 0.002 : 0.0004);
      const edge = Math.min(1, i / fadeIn, (total - i) / fadeOut);
      out[i] = music[i]! * 0.5 * gain * edge;
    }
  }
  for (let i = 0; i < total; i += 1) out[i]! += voice[i]!;
  for (const effect of plan.effects) addEffect(out, rate, effect.kind, effect.at);
  let peak = 0;
  for (const value of out) peak = Math.max(peak, Math.abs(value));
  if (peak > 0.95) for (let i = 0; i < total; i += 1) out[i]! *= 0.95 / peak;
  return out;
}

import type { MusicMood } from './audio-protocol.js';

/** A seeded PRNG (mulberry32): the same seed gives the same music. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** Chord roots (semitones above the key) and whether each is minor, per mood. */
const PROGRESSIONS: Record<MusicMood, { roots: number[]; minor: boolean[]; key: number }> = {
  bright: { roots: [0, 7, 9, 5], minor: [false, false, true, false], key: 60 },
  driving: { roots: [9, 5, 0, 7], minor: [true, false, false, false], key: 57 },
  warm: { roots: [0, 5, 9, 7], minor: [false, false, true, false], key: 58 },
  calm: { roots: [0, 9, 5, 7], minor: [false, true, false, false], key: 55 },
  dark: { roots: [0, 8, 3, 10], minor: [true, false, false, false], key: 52 },
};

/** What the instruments play in each mood. */
const ARRANGEMENT: Record<MusicMood, { kick: 'all' | 'half' | 'none'; hats: boolean; arpeggio: boolean; padGain: number }> = {
  bright: { kick: 'all', hats: true, arpeggio: true, padGain: 0.18 },
  driving: { kick: 'all', hats: true, arpeggio: true, padGain: 0.14 },
  warm: { kick: 'half', hats: true, arpeggio: false, padGain: 0.2 },
  calm: { kick: 'none', hats: false, arpeggio: true, padGain: 0.24 },
  dark: { kick: 'half', hats: false, arpeggio: false, padGain: 0.22 },
};

/** Options of {@link synthesizeMusic}. */
export interface MusicOptions {
  durationSeconds: number;
  sampleRate: number;
  seed: number;
  bpm: number;
  mood: MusicMood;
  /** Time of the first beat, in seconds. */
  beatOffset: number;
}

/**
 * Procedural music on a known beat grid (beat k at `beatOffset + k * 60 / bpm`): pads over a
 * four-chord progression, a bass on the roots, drums and a seeded arpeggio. Deterministic for a
 * seed. Mono floats, peak about 0.8.
 */
export function synthesizeMusic(options: MusicOptions): Float32Array {
  const { sampleRate, bpm, mood } = options;
  const total = Math.max(1, Math.round(options.durationSeconds * sampleRate));
  const out = new Float32Array(total);
  const random = seededRandom(options.seed);
  const beat = 60 / bpm;
  const progression = PROGRESSIONS[mood];
  const arrangement = ARRANGEMENT[mood];
  const transpose = Math.floor(random() * 5) - 2;
  const arpeggioPattern = Array.from({ length: 8 }, () => Math.floor(random() * 3));

  const addTone = (start: number, length: number, hz: number, gain: number, shape: 'sine' | 'triangle', attack: number, release: number) => {
    const from = Math.max(0, Math.floor(start * sampleRate));
    const to = Math.min(total, Math.floor((start + length + release) * sampleRate));
    for (let i = from; i < to; i += 1) {
      const t = i / sampleRate - start;
      const phase = (t * hz) % 1;
      const wave = shape === 'sine' ? Math.sin(2 * Math.PI * phase) : 1 - 4 * Math.abs(phase - 0.5);
      const env = t < attack ? t / attack : t < length ? 1 : Math.max(0, 1 - (t - length) / release);
      out[i]! += wave * env * gain;
    }
  };
  const addKick = (start: number) => {
    const from = Math.max(0, Math.floor(start * sampleRate));
    const to = Math.min(total, from + Math.floor(0.25 * sampleRate));
    let phase = 0;
    for (let i = from; i < to; i += 1) {
      const t = (i - from) / sampleRate;
      phase += (50 + 90 * Math.exp(-t * 30)) / sampleRate;
      out[i]! += Math.sin(2 * Math.PI * phase) * Math.exp(-t * 12) * 0.5;
    }
  };
  const addHat = (start: number) => {
    const from = Math.max(0, Math.floor(start * sampleRate));
    const to = Math.min(total, from + Math.floor(0.05 * sampleRate));
    let last = 0;
    for (let i = from; i < to; i += 1) {
      const noise = random() * 2 - 1;
      const high = noise - last; // a crude high-pass
      last = noise;
      out[i]! += high * Math.exp(-((i - from) / sampleRate) * 70) * 0.06;
    }
  };

  const beats = Math.ceil((options.durationSeconds - options.beatOffset) / beat) + 1;
  for (let k = -1; k < beats; k += 1) {
    const at = options.beatOffset + k * beat;
    const bar = Math.floor(k / 4);
    const chord = ((bar % 4) + 4) % 4;
    const root = progression.key + transpose + progression.roots[chord]!;
    const third = root + (progression.minor[chord] ? 3 : 4);
    const fifth = root + 7;
    if (k % 4 === 0) {
      for (const note of [root, third, fifth]) addTone(at, beat * 4, midiToHz(note), arrangement.padGain / 3, 'triangle', beat * 0.8, beat * 1.5);
    }
    if (k % 2 === 0) addTone(at, beat * 0.9, midiToHz(root - 24), 0.22, 'sine', 0.01, 0.2);
    if (arrangement.kick === 'all' || (arrangement.kick === 'half' && k % 2 === 0)) addKick(at);
    if (arrangement.hats) addHat(at + beat / 2);
    if (arrangement.arpeggio) {
      for (const half of [0, 0.5]) {
        const step = arpeggioPattern[(k * 2 + (half ? 1 : 0)) & 7]!;
        addTone(at + half * beat, beat * 0.3, midiToHz([root, third, fifth][step]! + 12), 0.07, 'sine', 0.005, 0.15);
      }
    }
  }
  let peak = 0;
  for (const value of out) peak = Math.max(peak, Math.abs(value));
  if (peak > 0) for (let i = 0; i < total; i += 1) out[i]! *= 0.8 / peak;
  return out;
}

/** Words in a prompt or pack that pick a mood, first match wins. */
const MOOD_WORDS: [MusicMood, RegExp][] = [
  ['dark', /\b(?:dark|mystery|horror|crime|danger|war|thriller|noir)\b/i],
  ['calm', /\b(?:calm|relax|meditat|sleep|wellness|yoga|gentle|soft|peace)\w*/i],
  ['driving', /\b(?:launch|sport|fitness|hype|energy|fast|action|gaming|race|tech|ai|startup)\b/i],
  ['warm', /\b(?:story|history|family|food|travel|coffee|community|nature|garden)\b/i],
];

/** The tempo each mood's score is played at, in beats per minute. */
export const MOOD_TEMPO: Readonly<Record<MusicMood, number>> = { bright: 112, driving: 124, warm: 96, calm: 80, dark: 88 };

/** The mood and tempo for a job: from the prompt's words, then the style pack's motion. */
export function pickMusicStyle(prompt: string, packId: string): { mood: MusicMood; bpm: number } {
  const text = `${prompt} ${packId.replace(/-/g, ' ')}`;
  const mood = MOOD_WORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'bright';
  return { mood, bpm: MOOD_TEMPO[mood] };
}

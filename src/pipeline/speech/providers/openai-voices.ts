import type { SpeechVoice } from './speech-provider.js';

/**
 * The languages OpenAI's text-to-speech guide says its voices speak (the Whisper list), as ISO
 * 639-1 codes; Norwegian as `nb`, as the node's narration languages write it. The voices are tuned
 * for English and read other languages with an accent.
 */
export const OPENAI_SPEECH_LANGUAGES: readonly string[] = [
  'af', 'ar', 'hy', 'az', 'be', 'bs', 'bg', 'ca', 'zh', 'hr', 'cs', 'da', 'nl', 'en', 'et', 'fi', 'fr', 'gl', 'de',
  'el', 'he', 'hi', 'hu', 'is', 'id', 'it', 'ja', 'kn', 'kk', 'ko', 'lv', 'lt', 'mk', 'ms', 'mr', 'mi', 'ne', 'nb',
  'fa', 'pl', 'pt', 'ro', 'ru', 'sr', 'sk', 'sl', 'es', 'sw', 'sv', 'tl', 'ta', 'th', 'tr', 'uk', 'ur', 'vi', 'cy',
];

type OpenAIVoice = Omit<SpeechVoice, 'languages' | 'provider'>;

const voice = (id: string, gender: string, description: string): OpenAIVoice => ({
  id,
  name: id.charAt(0).toUpperCase() + id.slice(1),
  description,
  gender,
  accent: id === 'fable' ? 'british' : 'american',
  age: '',
  use_case: 'narration',
});

/**
 * OpenAI's built-in voices. OpenAI documents no genders or ages: `gender` is how the voice is
 * commonly heard, `neutral` where that is unclear.
 */
const CLASSIC_VOICES: readonly OpenAIVoice[] = [
  voice('alloy', 'neutral', 'Balanced, even-toned voice.'),
  voice('ash', 'male', 'Clear, direct male voice.'),
  voice('coral', 'female', 'Warm, friendly female voice.'),
  voice('echo', 'male', 'Smooth, resonant male voice.'),
  voice('fable', 'neutral', 'Expressive voice with a British accent, suited to stories.'),
  voice('nova', 'female', 'Bright, energetic female voice.'),
  voice('onyx', 'male', 'Deep, authoritative male voice.'),
  voice('sage', 'female', 'Calm, measured female voice.'),
  voice('shimmer', 'female', 'Soft, gentle female voice.'),
];

/** Voices only the GPT-based speech models (gpt-4o-mini-tts) speak; OpenAI recommends marin and cedar. */
const GPT_VOICES: readonly OpenAIVoice[] = [
  voice('ballad', 'male', 'Soft, expressive male voice.'),
  voice('verse', 'male', 'Versatile, expressive male voice.'),
  voice('marin', 'female', 'Natural, conversational female voice; OpenAI\'s recommended voice.'),
  voice('cedar', 'male', 'Natural, conversational male voice; OpenAI\'s recommended voice.'),
];

/** The voices an OpenAI speech model speaks: tts-1 and tts-1-hd the nine classic ones, GPT-based models all thirteen. */
export function openAIVoices(model: string): SpeechVoice[] {
  const voices = model.startsWith('tts-1') ? CLASSIC_VOICES : [...CLASSIC_VOICES, ...GPT_VOICES];
  return voices.map((item) => ({ ...item, languages: [...OPENAI_SPEECH_LANGUAGES], provider: 'openai' }));
}

/** Whether an OpenAI model takes `instructions` (how to speak): the GPT-based ones, not tts-1. */
export function takesInstructions(model: string): boolean {
  return model.startsWith('gpt-');
}

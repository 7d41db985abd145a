import { describe, expect, it } from 'vitest';
import { findVoice, unknownVoiceProblem } from '../../src/catalog/find-voice.js';
import { EMBEDDED_VOICES } from '../../src/pipeline/speech/embedded-voices.js';

const MODEL_VOICES = [
  { id: 'JBFqnCBsd6RMkjVDRZzb', name: 'George' },
  { id: 'noah-model', name: 'Noah' },
  ...EMBEDDED_VOICES,
];

describe('findVoice', () => {
  it('finds a voice by its id or its name, in any case', () => {
    for (const named of ['embedded-noah', 'EMBEDDED-NOAH', 'Noah', 'noah', ' noah ']) expect(findVoice(named, EMBEDDED_VOICES)?.id, named).toBe('embedded-noah');
  });

  it('takes an id before a name, and a name as the first voice listed with it', () => {
    expect(findVoice('george', MODEL_VOICES)?.id).toBe('JBFqnCBsd6RMkjVDRZzb');
    expect(findVoice('Noah', MODEL_VOICES)?.id).toBe('noah-model');
    expect(findVoice('embedded-noah', MODEL_VOICES)?.id).toBe('embedded-noah');
  });

  it('finds nothing for a name no voice has', () => {
    expect(findVoice('Brunhilde', EMBEDDED_VOICES)).toBeUndefined();
    expect(findVoice('  ', EMBEDDED_VOICES)).toBeUndefined();
  });
});

describe('unknownVoiceProblem', () => {
  it('names the nearest voice by id or name', () => {
    expect(unknownVoiceProblem('Gorge', MODEL_VOICES)).toMatch(/^unknown voice "Gorge" \(did you mean George \(JBFqnCBsd6RMkjVDRZzb\)\?\); /);
    expect(unknownVoiceProblem('embeded-ava', EMBEDDED_VOICES)).toContain('(did you mean Ava (embedded-ava)?)');
  });

  it('lists eight voices, counts the rest, and points at GET /v1/voices', () => {
    const problem = unknownVoiceProblem('Brunhilde', MODEL_VOICES);
    expect(problem).toBe(
      'unknown voice "Brunhilde"; a voice is named by its id or its name, in any case: George (JBFqnCBsd6RMkjVDRZzb), Noah (noah-model), Ava (embedded-ava), Noah (embedded-noah), Mia (embedded-mia), Leo (embedded-leo), Grace (embedded-grace), Owen (embedded-owen) and 2 more; see GET /v1/voices',
    );
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../../src/pipeline/providers/llm/create-language-model.js';
import { choosePictures, MAX_ASKS, MAX_CANDIDATES, pictureAsks } from '../../../src/pipeline/materials/picture-choice.js';
import { heroPictureFor } from '../../../src/pipeline/materials/picture-search.js';
import { NO_PICTURE, resolvePicture } from '../../../src/pipeline/materials/scene-pictures.js';
import { startFakeOpenAIServer, type FakeModelServer } from '../../helpers/fake-model-servers.js';

/** One judged phrase of test/fixtures/picture-phrases.json. */
interface Judged {
  text: string;
  line: string;
  title: string;
  language: string;
  kind: 'phrase' | 'line';
  source: string;
  /** The pictures judged acceptable; empty: none fits. */
  ok: string[];
  /** Pictures known to take a wrong sense of a word of it. */
  wrong?: string[];
}

const SET = (JSON.parse(readFileSync(new URL('../../fixtures/picture-phrases.json', import.meta.url), 'utf8')) as { entries: Judged[] }).entries;

/** What the node shows for a judged phrase without a model: a plan's phrase read beside its line, or a scene line with the video's title. */
function noModelPicture(entry: Judged): string | undefined {
  return entry.kind === 'phrase' ? resolvePicture(entry.text, entry.language, entry.line) : heroPictureFor(entry.text, entry.language, { context: entry.title });
}

/** The figures of a run over the set. */
function figures(results: { entry: Judged; got: string | undefined }[]) {
  const acceptable = results.filter(({ entry, got }) => got !== undefined && entry.ok.includes(got));
  const none = results.filter(({ got }) => got === undefined);
  const unacceptable = results.filter(({ entry, got }) => got !== undefined && !entry.ok.includes(got));
  const knownWrong = results.filter(({ entry, got }) => got !== undefined && entry.wrong?.includes(got));
  const fitting = results.filter(({ entry }) => entry.ok.length > 0);
  return {
    phrases: results.length,
    acceptableOrNone: (acceptable.length + none.length) / results.length,
    acceptable: acceptable.length,
    none: none.length,
    unacceptable: unacceptable.map(({ entry, got }) => `${entry.language} "${entry.text}" → ${got}`),
    knownWrong: knownWrong.map(({ entry, got }) => `${entry.language} "${entry.text}" → ${got}`),
    // Of the phrases some picture fits, the share that got an acceptable one.
    recall: fitting.filter(({ entry, got }) => got !== undefined && entry.ok.includes(got)).length / fitting.length,
  };
}

describe('the judged picture phrases (test/fixtures/picture-phrases.json)', () => {
  it('holds at least 300 phrases from real plans, the observed failures and written ones, in five languages', () => {
    expect(SET.length).toBeGreaterThanOrEqual(300);
    // The picture phrases of the recorded and gallery plans (their sources name the plan).
    expect(SET.filter((entry) => !entry.source.startsWith('written') && entry.source !== 'issue 39/40').length).toBeGreaterThanOrEqual(250);
    expect(new Set(SET.map((entry) => entry.language))).toEqual(new Set(['en', 'de', 'fr', 'es', 'it']));
    expect(SET.filter((entry) => entry.wrong?.length).length).toBeGreaterThanOrEqual(50);
  });

  it('without a model: at least 90% get an acceptable picture or none, and no known-wrong sense', () => {
    const result = figures(SET.map((entry) => ({ entry, got: noModelPicture(entry) })));
    console.log(`picture phrases without a model: ${result.phrases} phrases, ${(result.acceptableOrNone * 100).toFixed(1)}% acceptable or none (${result.acceptable} acceptable, ${result.none} none), ${result.unacceptable.length} unacceptable, ${result.knownWrong.length} known-wrong senses; recall ${(result.recall * 100).toFixed(1)}%\n  unacceptable: ${result.unacceptable.join('; ')}`);
    expect(result.knownWrong).toEqual([]);
    expect(result.acceptableOrNone).toBeGreaterThanOrEqual(0.9);
    // A floor on what it finds, so that "none for everything" cannot pass.
    expect(result.recall).toBeGreaterThanOrEqual(0.75);
  });

  describe('with a model', () => {
    const servers: FakeModelServer[] = [];
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
    });

    it('shows each phrase its line and a few candidates, and applies a judge-like answer exactly: no wrong picture reaches the plan', async () => {
      const server = await startFakeOpenAIServer();
      servers.push(server);
      const model = await createLanguageModel({ provider: 'openai-compatible', model: 'judge', baseUrl: server.url, apiKey: undefined }, { maxRetries: 0 });
      const phrases = SET.filter((entry) => entry.kind === 'phrase');
      const results: { entry: Judged; got: string | undefined }[] = [];
      let offered = 0;
      // One video per language and up to MAX_ASKS phrases: one call each.
      for (const language of ['en', 'de', 'fr', 'es', 'it']) {
        const ofLanguage = phrases.filter((entry) => entry.language === language);
        for (let start = 0; start < ofLanguage.length; start += MAX_ASKS) {
          const batch = ofLanguage.slice(start, start + MAX_ASKS);
          const scenes = batch.map((entry) => ({ settings: { title: entry.line, picture: entry.text } }));
          const asks = pictureAsks(scenes, language);
          expect(asks).toHaveLength(batch.length);
          // The fake model answers as a judge would: the first acceptable candidate, else none.
          const choices = asks.map((ask) => ({ item: ask.item, picture: ask.candidates.find((candidate) => batch[ask.scene]!.ok.includes(candidate.id))?.id ?? NO_PICTURE }));
          offered += asks.filter((ask) => ask.candidates.some((candidate) => batch[ask.scene]!.ok.includes(candidate.id))).length;
          server.enqueue({ object: { choices } });
          const before = server.requests.length;
          const { scenes: chosen, warnings } = await choosePictures(model, scenes, language);
          const asked = asks.filter((ask) => ask.candidates.length > 0);
          expect(server.requests.length - before).toBe(asked.length > 0 ? 1 : 0);
          if (asked.length > 0) {
            const prompt = (server.requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages.find((message) => message.role === 'user')!.content;
            for (const ask of asked) {
              expect(prompt).toContain(`Item ${ask.item}: "${ask.phrase}" beside "${ask.line}"`);
              expect(ask.candidates.length).toBeLessThanOrEqual(MAX_CANDIDATES);
            }
          }
          chosen.forEach((scene, index) => results.push({ entry: batch[index]!, got: resolvePicture(scene.settings.picture, language, batch[index]!.line) }));
          // Every declined phrase is named in a warning of its scene.
          const declined = chosen.filter((scene) => scene.settings.picture === NO_PICTURE).length;
          expect(warnings.filter((warning) => warning.code === 'picture_not_found')).toHaveLength(declined);
        }
      }
      const result = figures(results);
      console.log(`picture phrases with a judge-like model: ${result.phrases} plan phrases, ${(result.acceptableOrNone * 100).toFixed(1)}% acceptable or none, an acceptable picture among the candidates of ${offered} (${((offered / phrases.filter((entry) => entry.ok.length > 0).length) * 100).toFixed(1)}% of those some picture fits)`);
      expect(result.unacceptable).toEqual([]);
      expect(result.acceptable).toBe(offered);
    });
  });
});

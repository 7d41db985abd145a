import { describe, expect, it } from 'vitest';
import { visualSvg } from '../../../src/catalog/visuals/index.js';
import { TOPIC_WORDS, topicCollisions, topicOf } from '../../../src/catalog/visuals/topic-words.js';

describe('topic words', () => {
  it('names only pictures and icons the sets hold', () => {
    const missing = TOPIC_WORDS.flatMap((topic) => [...topic.pictures.map((name) => `fluent-emoji-flat:${name}`), ...topic.icons.map((name) => `lucide:${name}`)]).filter((id) => !visualSvg(id));
    expect(missing).toEqual([]);
  });

  it('gives no stem to two topics in one language', () => {
    expect(topicCollisions()).toEqual([]);
  });

  it('finds a topic by a word in any of the four languages, its plural, or the last part of a German compound', () => {
    expect(topicOf('Coffee', 'en')?.pictures[0]).toBe('hot-beverage');
    expect(topicOf('Coches', 'es')?.pictures[0]).toBe('automobile');
    expect(topicOf('Strompreis', 'de')?.pictures[0]).toBe('money-bag');
    // A last part under five letters does not count: a Hochzeit (wedding) is no time.
    expect(topicOf('Hochzeit', 'de')).toBeUndefined();
    expect(topicOf('Zorblax', 'de')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { searchVisuals, VISUAL_MATCH_THRESHOLD, type VisualMatch } from '../../../src/catalog/visuals/index.js';

// A query fits when one of its top three matches is named for the thing (set names are English).
function topNames(matches: VisualMatch[]): string[] {
  return matches.slice(0, 3).map((match) => match.name);
}

const NOUNS: Record<string, [query: string, nameWord: string][]> = {
  en: [['house', 'house'], ['snowflake', 'snowflake'], ['bread', 'bread'], ['shoe', 'shoe'], ['aeroplane', 'plane'], ['rocket', 'rocket'], ['recycling', 'recycl'], ['bed', 'bed']],
  de: [['Haus', 'house'], ['Schneeflocke', 'snowflake'], ['Brot', 'bread'], ['Schuh', 'shoe'], ['Flugzeug', 'airplane'], ['Rakete', 'rocket'], ['Recycling', 'recycl'], ['Bett', 'bed']],
  fr: [['maison', 'house'], ['flocon', 'snowflake'], ['pain', 'bread'], ['chaussure', 'shoe'], ['avion', 'airplane'], ['fusée', 'rocket'], ['recyclage', 'recycl'], ['lit', 'bed']],
  es: [['casa', 'house'], ['copo de nieve', 'snowflake'], ['pan', 'bread'], ['zapato', 'shoe'], ['avión', 'airplane'], ['cohete', 'rocket'], ['reciclaje', 'recycl'], ['cama', 'bed']],
};

describe('searchVisuals', () => {
  for (const [language, nouns] of Object.entries(NOUNS)) {
    for (const [query, nameWord] of nouns) {
      it(`finds a picture of "${query}" in ${language}`, () => {
        const matches = searchVisuals(query, { language });
        expect(topNames(matches).some((name) => name.includes(nameWord))).toBe(true);
      });
    }
  }

  it('reads a German compound by its last part: Sauerteigbrot is a bread', () => {
    expect(searchVisuals('Sauerteigbrot', { language: 'de' })[0]?.id).toBe('fluent-emoji-flat:bread');
  });

  it('does not read Wärmepumpe as its last part alone (German "Pumps" are shoes)', () => {
    const matches = searchVisuals('Wärmepumpe', { language: 'de' });
    expect(matches.filter((match) => match.name.includes('shoe'))).toEqual([]);
  });

  it('counts a longer word only as an inflection, not as any word the query begins: Mara is no maraca', () => {
    expect(searchVisuals('Mara', { language: 'en' }).map((match) => match.name)).not.toContain('maracas');
    expect(searchVisuals('warmth', { language: 'en' }).length).toBeGreaterThan(0);
  });

  it('finds a country flag by the country name in the request language', () => {
    expect(searchVisuals('Germany', { language: 'en', kinds: ['flag'] })[0]?.id).toBe('circle-flags:de');
    expect(searchVisuals('Frankreich', { language: 'de' })[0]?.id).toBe('circle-flags:fr');
    expect(searchVisuals('España', { language: 'es' })[0]?.id).toBe('circle-flags:es');
  });

  it('never finds a flag by its colours: white or blue light is no transgender flag, while named flags are still found', () => {
    const flagFor = (query: string, language: 'en' | 'fr' | 'es' | 'de') => searchVisuals(query, { language }).find((match) => match.name.endsWith('-flag'));
    expect(flagFor('white light', 'en')).toBeUndefined();
    expect(flagFor('Air scatters blue light', 'en')).toBeUndefined();
    expect(flagFor('lumière blanche et rose', 'fr')).toBeUndefined();
    expect(flagFor('luz blanca y azul', 'es')).toBeUndefined();
    expect(searchVisuals('white flag', { language: 'en' })[0]?.id).toBe('fluent-emoji-flat:white-flag');
    expect(searchVisuals('transgender flag', { language: 'en' })[0]?.id).toBe('fluent-emoji-flat:transgender-flag');
    expect(searchVisuals('pride', { language: 'en' }).map((match) => match.id)).toContain('fluent-emoji-flat:rainbow-flag');
  });

  it('returns nothing for made-up words instead of a placeholder', () => {
    expect(searchVisuals('blorptastic', { language: 'en' })).toEqual([]);
    expect(searchVisuals('Quxvelhaft', { language: 'de' })).toEqual([]);
    expect(searchVisuals('   ', { language: 'fr' })).toEqual([]);
  });

  it('ranks best first, keeps to the threshold, the limit and the kinds asked for', () => {
    const matches = searchVisuals('Haus', { language: 'de-AT', limit: 3, kinds: ['icon'] });
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(3);
    expect(matches.every((match) => match.kind === 'icon' && match.set === 'lucide' && match.id === `lucide:${match.name}`)).toBe(true);
    expect(matches.every((match) => match.score >= VISUAL_MATCH_THRESHOLD && match.score <= 1)).toBe(true);
    expect(matches.map((match) => match.score)).toEqual([...matches.map((match) => match.score)].sort((a, b) => b - a));
  });

  it('says which label matched, in the request language', () => {
    const [best] = searchVisuals('Brot', { language: 'de' });
    expect(best).toMatchObject({ id: 'fluent-emoji-flat:bread', set: 'fluent-emoji-flat', kind: 'illustration', matched: 'Brot' });
  });

  it('searches English for a language without annotations', () => {
    expect(searchVisuals('rocket', { language: 'xx' })[0]?.name).toBe('rocket');
  });
});

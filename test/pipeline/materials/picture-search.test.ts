import { describe, expect, it } from 'vitest';
import { heroPictureFor, iconFor, pictureFor } from '../../../src/pipeline/materials/picture-search.js';
import { HEADLINE_JUDGEMENTS, PICTURE_JUDGEMENTS } from '../../fixtures/picture-judgements.js';

const bare = (id: string | undefined) => id?.replace(/^fluent-emoji-flat:/, '');

/** Precision (of the pictures given, the share judged right) and recall (of the judged-fitting phrases, the share given a right one). */
function measure(rows: { text: string; got: string | undefined; right: readonly string[]; optional?: boolean }[]) {
  let right = 0;
  let given = 0;
  let found = 0;
  let fitting = 0;
  const wrong: string[] = [];
  const missed: string[] = [];
  for (const row of rows) {
    const ok = row.got !== undefined && row.right.includes(row.got);
    if (row.got !== undefined) {
      given += 1;
      if (ok) right += 1;
      else wrong.push(`${row.text} -> ${row.got}`);
    }
    if (row.right.length > 0 && !row.optional) {
      fitting += 1;
      if (ok) found += 1;
      else missed.push(row.text);
    }
  }
  return { precision: right / given, recall: found / fitting, wrong: wrong.join(', '), missed: missed.join(', '), figures: `${rows.length} phrases: ${right} of ${given} pictures given judged right, ${found} of ${fitting} that have a fitting one found` };
}

describe('picture search', () => {
  it('finds a picture by its name, its name\'s head or a topic word in the request\'s language, and none for a made-up word', () => {
    expect(pictureFor('Rocket', 'en')).toBe('fluent-emoji-flat:rocket');
    expect(pictureFor('Brot', 'de')).toBe('fluent-emoji-flat:bread');
    expect(pictureFor('Haus', 'de')).toBe('fluent-emoji-flat:house');
    expect(pictureFor('Water', 'en')).toBe('fluent-emoji-flat:potable-water');
    expect(pictureFor('Growth', 'en')).toBe('fluent-emoji-flat:chart-increasing');
    expect(pictureFor('Blorptastic', 'en')).toBeUndefined();
  });

  it('shows a leaf green and sugar as a sweet, in every language, and a picture named exactly before its head\'s', () => {
    for (const [word, language] of [['Leaf', 'en'], ['Blatt', 'de'], ['feuille', 'fr'], ['Las hojas toman CO₂', 'es']] as const) expect(pictureFor(word, language), word).toBe('fluent-emoji-flat:leaf-fluttering-in-wind');
    // "sugar cubes" found ice by "ice cube", and "Zucker" a cupcake.
    for (const [word, language] of [['sugar cubes', 'en'], ['Zucker', 'de'], ['sucre', 'fr'], ['Se forma azúcar', 'es']] as const) expect(pictureFor(word, language), word).toBe('fluent-emoji-flat:candy');
    expect(pictureFor('Blattgrün', 'de')).toBe('fluent-emoji-flat:seedling');
    expect(pictureFor('maple leaf', 'en')).toBe('fluent-emoji-flat:maple-leaf');
    expect(pictureFor('running shoe', 'en')).toBe('fluent-emoji-flat:running-shoe');
    expect(pictureFor('sprout', 'en')).toBe('fluent-emoji-flat:seedling');
    // A label the topic table knows whole: "heat" is not read as a verb before a (fuel) pump.
    expect(pictureFor('Heat pump', 'en')).toBe('fluent-emoji-flat:thermometer');
  });

  it('reads what goes in and comes out in Spanish and French, not as an English sale', () => {
    expect(iconFor('Entra', 'es')).toBe('lucide:log-in');
    expect(iconFor('Sale', 'es')).toBe('lucide:log-out');
    expect(iconFor('Sortie', 'fr')).toBe('lucide:log-out');
    expect(iconFor('Nimmt auf', 'de')).toBe('lucide:log-in');
    expect(iconFor('Gibt ab', 'de')).toBe('lucide:log-out');
    expect(iconFor('Output', 'en')).toBe('lucide:log-out');
    expect(iconFor('Oui', 'fr')).toBe('lucide:check');
    expect(iconFor('Nein', 'de')).toBe('lucide:x');
  });

  it('shows a glass bottle as a bottle, not spectacles, while glasses stay glasses', () => {
    expect(pictureFor('glass bottle', 'en')).toBe('fluent-emoji-flat:bottle-with-popping-cork');
    expect(pictureFor('Verre recyclé', 'fr')).toBe('fluent-emoji-flat:bottle-with-popping-cork');
    expect(pictureFor('Glasflasche', 'de')).toBe('fluent-emoji-flat:bottle-with-popping-cork');
    expect(pictureFor('reading glasses', 'en')).toBe('fluent-emoji-flat:glasses');
    expect(iconFor('Sale', 'en')).not.toBe('lucide:log-out');
    // A room keeps its row: the plural of "sale" stems as "sala" does.
    expect(iconFor('Sala', 'es')).toBeUndefined();
  });

  it('gives none for made-up words in every language', () => {
    for (const language of ['en', 'de', 'fr', 'es']) {
      for (const word of ['Zorblax', 'Quintelvar', 'Zorblax two']) {
        expect(pictureFor(word, language), `${word} (${language})`).toBeUndefined();
        expect(heroPictureFor(word, language), `${word} (${language})`).toBeUndefined();
        expect(iconFor(word, language), `${word} (${language})`).toBeUndefined();
      }
    }
  });

  it('shows a picture judged right for at least 90% of the words it gives one, and one for at least 60% of the words a picture fits', () => {
    const result = measure(PICTURE_JUDGEMENTS.map(({ word, language, right }) => ({ text: word, got: bare(pictureFor(word, language)), right })));
    console.log(`picture judgements (words): ${result.figures}`);
    expect(result.precision, result.wrong).toBeGreaterThanOrEqual(0.9);
    expect(result.recall, result.missed).toBeGreaterThanOrEqual(0.6);
  });

  it('gives headlines, list points and labels a picture judged right 90% of the time, and finds one for 60% of those a picture fits', () => {
    const result = measure(HEADLINE_JUDGEMENTS.map(({ text, language, right, sentence, optional }) => ({ text, got: bare(heroPictureFor(text, language, { headsOnly: sentence })), right, optional })));
    console.log(`picture judgements (headlines, points and labels): ${result.figures}`);
    expect(result.precision, result.wrong).toBeGreaterThanOrEqual(0.9);
    expect(result.recall, result.missed).toBeGreaterThanOrEqual(0.6);
  });

  it('gives a title card the hero picture of its best-fitting run of words', () => {
    expect(heroPictureFor('How honeybees make honey', 'en')).toBe('fluent-emoji-flat:honeybee');
    expect(heroPictureFor('Warum die Steuern steigen: Brot backen', 'de')).toBe('fluent-emoji-flat:bread');
    expect(heroPictureFor('Quarterly results, explained', 'en')).toBeUndefined();
    // Adjacent words are one name first: a running shoe is a running shoe; a heat pump is no fuel pump (a heat topic, a thermometer).
    expect(heroPictureFor('A running shoe, please', 'en')).toBe('fluent-emoji-flat:running-shoe');
    expect(heroPictureFor('How a heat pump works', 'en')).toBe('fluent-emoji-flat:thermometer');
    expect(heroPictureFor('La bomba de calor', 'es')).toBe('fluent-emoji-flat:thermometer');
    expect(heroPictureFor("My bakery's new sourdough", 'en')).toBe('fluent-emoji-flat:bread');
    expect(heroPictureFor('Why do cats purr?', 'en')).toBe('fluent-emoji-flat:cat');
  });

  it('reads a verb as a verb, a name as a name, and a German run by its capitalised noun', () => {
    expect(heroPictureFor('Pick up your badge', 'en', { headsOnly: true })).not.toBe('fluent-emoji-flat:pick');
    expect(heroPictureFor('you pick the roast', 'en', { headsOnly: true })).toBeUndefined();
    expect(heroPictureFor('Book a meeting room', 'en', { headsOnly: true })).toBeUndefined();
    expect(heroPictureFor('Mara, a lighthouse keeper on a stormy island', 'en')).toBe('fluent-emoji-flat:desert-island');
    expect(heroPictureFor('Fahrrad fahren in der Stadt', 'de')).toBe('fluent-emoji-flat:bicycle');
  });

  it('lets a topic word stand in for a head without a picture in a headline, but not in a list\'s point', () => {
    expect(heroPictureFor('Our coffee subscription', 'en')).toBe('fluent-emoji-flat:hot-beverage');
    expect(heroPictureFor('The IT desk', 'en')).toBe('fluent-emoji-flat:desktop-computer');
    expect(heroPictureFor('Revenue grew', 'en', { headsOnly: true })).toBeUndefined();
    expect(heroPictureFor('Pass it to house bees', 'en', { headsOnly: true })).toBeUndefined();
  });

  it('shows what a container holds rather than the container ("coffee bag" is coffee, not a handbag)', () => {
    expect(pictureFor('coffee bag', 'en')).toBe('fluent-emoji-flat:hot-beverage');
    expect(heroPictureFor('Our new coffee bag', 'en')).toBe('fluent-emoji-flat:hot-beverage');
    expect(pictureFor('honey jar', 'en')).toBe('fluent-emoji-flat:honey-pot');
    expect(pictureFor('shopping bag', 'en')).toBe('fluent-emoji-flat:shopping-bags');
    expect(pictureFor('bag', 'en')).toBe('fluent-emoji-flat:clutch-bag');
  });

  it('finds a line icon for abstract and business words', () => {
    expect(iconFor('Your manager', 'en')).toBe('lucide:user');
    expect(iconFor('Unser Team', 'de')).toBe('lucide:users');
    expect(iconFor('Customer support', 'en')).toBe('lucide:headset');
    expect(iconFor('Sécurité', 'fr')).toBe('lucide:lock');
    expect(iconFor('Rocket', 'en')).toBe('lucide:rocket');
    expect(iconFor('Book a meeting room', 'en')).toBe('lucide:calendar');
    expect(iconFor('Analytics', 'en')).toBe('lucide:chart-column');
    expect(iconFor('Kundenservice', 'de')).toBe('lucide:headset');
    expect(iconFor("Chiffre d'affaires", 'fr')).toBe('lucide:banknote');
    expect(iconFor('Server room', 'en')).toBe('lucide:server');
    // No icon rather than a loose one: no Lucide name or topic word says compressor.
    expect(iconFor('Compressor', 'en')).toBeUndefined();
  });

  it('pictures the labels of figures people write: steps, backers, renewals, bike lanes, lemons, events', () => {
    expect(heroPictureFor('steps a day', 'en', { headsOnly: true })).toBe('fluent-emoji-flat:footprints');
    expect(iconFor('renewal rate', 'en')).toBe('lucide:refresh-cw');
    expect(iconFor('raised from backers', 'en')).toBe('lucide:users');
    expect(iconFor('Mitglieder weltweit', 'de')).toBe('lucide:users');
    expect(heroPictureFor('km of bike lanes', 'en', { headsOnly: true })).toBe('fluent-emoji-flat:bicycle');
    expect(heroPictureFor('carril bici', 'es')).toBe('fluent-emoji-flat:bicycle');
    expect(heroPictureFor('lemons squeezed', 'en')).toBe('fluent-emoji-flat:lemon');
    expect(iconFor('events hosted', 'en')).toBe('lucide:calendar');
    expect(iconFor('Secure encrypted checkout', 'en')).toBe('lucide:lock');
  });
});

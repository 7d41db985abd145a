import { describe, expect, it } from 'vitest';
import { findPlace, placesIn } from '../../../src/catalog/places/index.js';

const codes = (text: string, language?: string) => placesIn(text, language).map((place) => place.code);

describe('findPlace', () => {
  it('finds a country by its English name, with a centroid on its mainland', () => {
    const finland = findPlace('Finland');
    expect(finland).toMatchObject({ kind: 'country', code: 'FIN', name: 'Finland' });
    expect(finland!.lon).toBeCloseTo(26, 0);
    expect(finland!.lat).toBeGreaterThan(60);
    const france = findPlace('France')!;
    expect(france.lon).toBeGreaterThan(-5);
    expect(france.lat).toBeGreaterThan(42);
  });

  it('reads German, French, Spanish and other languages, whatever the case and diacritics', () => {
    expect(findPlace('finnland', 'de')).toMatchObject({ code: 'FIN', name: 'Finnland' });
    expect(findPlace('Allemagne', 'fr')).toMatchObject({ code: 'DEU', name: 'Allemagne' });
    expect(findPlace('ALEMANIA', 'es-MX')).toMatchObject({ code: 'DEU', name: 'Alemania' });
    expect(findPlace('Osterreich')?.code).toBe('AUT');
    expect(findPlace('cote divoire')?.code).toBe('CIV');
    expect(findPlace('Suomi')?.code).toBe('FIN');
    expect(findPlace('日本')?.code).toBe('JPN');
    expect(findPlace('Россия')?.code).toBe('RUS');
    expect(findPlace('la France')?.code).toBe('FRA');
  });

  it('knows common aliases and codes', () => {
    expect(findPlace('USA')).toMatchObject({ code: 'USA', name: 'United States' });
    expect(findPlace('UK')?.code).toBe('GBR');
    expect(findPlace('Holland')?.code).toBe('NLD');
    expect(findPlace('the Netherlands')?.code).toBe('NLD');
    expect(findPlace('Deutschland')?.code).toBe('DEU');
    expect(findPlace('NOR')?.code).toBe('NOR');
  });

  it('answers undefined for what is not a country', () => {
    expect(findPlace('Atlantis')).toBeUndefined();
    expect(findPlace('')).toBeUndefined();
    expect(findPlace(42 as unknown as string)).toBeUndefined();
  });
});

describe('placesIn', () => {
  it('lists the countries a sentence names, in order', () => {
    expect(codes('Finland, Norway, Iceland and Denmark drink the most coffee')).toEqual(['FIN', 'NOR', 'ISL', 'DNK']);
    expect(codes('Finnland, Norwegen und Schweden trinken den meisten Kaffee.', 'de')).toEqual(['FIN', 'NOR', 'SWE']);
    expect(codes("La France et l'Allemagne produisent le plus.", 'fr')).toEqual(['FRA', 'DEU']);
  });

  it('prefers the longest name', () => {
    expect(codes('Papua New Guinea, Guinea-Bissau and Guinea')).toEqual(['PNG', 'GNB', 'GIN']);
    expect(codes('South Sudan and Sudan, Niger and Nigeria')).toEqual(['SSD', 'SDN', 'NER', 'NGA']);
  });

  it('reads ordinary words and pronouns as words', () => {
    expect(codes('We roasted a turkey, served on china plates; chad and jordan brought wine from georgia.')).toEqual([]);
    expect(codes('Tell us how to cook it.')).toEqual([]);
    expect(codes('From Lisbon via Madrid to Paris in a week')).toEqual([]);
    expect(codes('Turkey, Georgia and Jordan are close; Chad is far.')).toEqual(['TUR', 'GEO', 'JOR', 'TCD']);
    expect(codes('The US and the UK trade with us.')).toEqual(['USA', 'GBR']);
  });

  it('returns nothing for empty or bad input', () => {
    expect(placesIn('')).toEqual([]);
    expect(placesIn(undefined as unknown as string)).toEqual([]);
  });
});

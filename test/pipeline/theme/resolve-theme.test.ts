import { describe, expect, it } from 'vitest';
import { loadStylePacks, type StylePack } from '../../../src/catalog/style-packs.js';
import { pickStylePack, resolveTheme } from '../../../src/pipeline/theme/resolve-theme.js';

const catalog = loadStylePacks();

function pack(id: string): StylePack {
  const found = catalog.packs.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no style pack ${id} in style-packs.json`);
  return found;
}

function paletteOf(id: string): Record<string, string> {
  return Object.fromEntries(pack(id).palette.map((color) => [color.label, color.hex]));
}

function picked(prompt: string, documentKinds?: string[]): [string, string] {
  const pick = pickStylePack(prompt, documentKinds);
  return [pick.pack.id, pick.rule];
}

describe('pickStylePack', () => {
  it('takes the pack a style word names (rule 1)', () => {
    expect(picked('A luxurious teaser for our spring collection')).toEqual(['luxury-noir', 'style-word']);
    expect(picked('Something minimalist please')).toEqual(['data-minimal', 'style-word']);
  });

  it('reads a style word of two words across punctuation ("sci-fi")', () => {
    expect(picked('A sci-fi intro for the channel')).toEqual(['tech-neon', 'style-word']);
  });

  it('lets a style word beat a topic of another pack', () => {
    // "school" is a playful-pop topic; "luxurious" names luxury-noir.
    expect(picked('A luxurious video about our school gala')).toEqual(['luxury-noir', 'style-word']);
    // "yoga" and "meditation" are warm-organic topics; "retro" names retro-wave.
    expect(picked('A retro video about yoga and meditation')).toEqual(['retro-wave', 'style-word']);
  });

  it('takes the pack whose topic words occur most (rule 2)', () => {
    expect(picked('How yoga and meditation help you sleep')).toEqual(['warm-organic', 'topic']);
    // One corporate-clean topic ("company") against two warm-organic ones ("coffee", "tea").
    expect(picked('Our company guide to coffee and tea')).toEqual(['warm-organic', 'topic']);
  });

  it('counts whole words and plurals only', () => {
    expect(picked('Tips for dogs')).toEqual(['playful-pop', 'topic']);
    expect(picked('Three watches worth owning')).toEqual(['luxury-noir', 'topic']);
    // "cat" is a topic, but not inside "education" or "category".
    expect(picked('An education category overview')).toEqual(['plain', 'default']);
  });

  it('gives a tie to the pack listed first', () => {
    const ids = catalog.packs.map((candidate) => candidate.id);
    expect(ids.indexOf('tech-neon')).toBeLessThan(ids.indexOf('warm-organic'));
    expect(picked('A video about software and coffee')).toEqual(['tech-neon', 'topic']);
    expect(picked('A video about coffee and software')).toEqual(['tech-neon', 'topic']);
  });

  it('lets a topic beat data, even with figures and a CSV', () => {
    const prompt = 'Coffee prices rose 40% while tea prices rose 12%';
    expect(picked(prompt)).toEqual(['warm-organic', 'topic']);
    expect(picked(prompt, ['csv'])).toEqual(['warm-organic', 'topic']);
  });

  it('takes the data pack when a CSV is attached (rule 3)', () => {
    expect(picked('A short video about our year', ['csv'])).toEqual(['data-minimal', 'data']);
  });

  it('does not take the data pack for a PDF or text document alone', () => {
    expect(picked('A short video about our year', ['pdf', 'text'])).toEqual(['plain', 'default']);
  });

  it('takes the data pack when the prompt states two percentages or amounts', () => {
    expect(picked('Last year 62% said yes and 38% said no.')).toEqual(['data-minimal', 'data']);
    expect(picked('Tickets went from $5 to $12 overnight.')).toEqual(['data-minimal', 'data']);
  });

  it('does not take the data pack for a single percentage', () => {
    expect(picked('Last year 62% said yes.')).toEqual(['plain', 'default']);
  });

  it('falls back to the default pack when nothing matches (rule 4)', () => {
    expect(catalog.default_style).toBe('plain');
    expect(picked('A short video about our year')).toEqual(['plain', 'default']);
    expect(picked('')).toEqual(['plain', 'default']);
  });
});

describe('resolveTheme', () => {
  it('uses the picked pack as is when nothing overrides it', () => {
    const theme = resolveTheme({ prompt: 'How yoga and meditation help you sleep' });
    const warm = pack('warm-organic');
    expect(theme).toEqual({
      id: 'warm-organic',
      palette: paletteOf('warm-organic'),
      fonts: warm.fonts,
      motion: warm.motion,
      background: warm.background,
      layout: warm.layout,
      depth: '2d',
    });
  });

  it('lets a named pack win over the prompt\'s topic and style words', () => {
    const theme = resolveTheme({ prompt: 'A luxurious video about yoga', animationStyle: 'retro-wave' });
    expect(theme.id).toBe('retro-wave');
    expect(theme.fonts).toEqual(pack('retro-wave').fonts);
    expect(theme.palette).toEqual(paletteOf('retro-wave'));
  });

  it('takes the layout, motion and background from the pack', () => {
    for (const candidate of catalog.packs) {
      const theme = resolveTheme({ prompt: 'anything', animationStyle: candidate.id });
      expect(theme.layout).toEqual(candidate.layout);
      expect(theme.motion).toEqual(candidate.motion);
      expect(theme.background).toEqual(candidate.background);
    }
  });

  it(`resolves the no-style id ("${catalog.no_style}") to the plain pack whatever the prompt says`, () => {
    const theme = resolveTheme({ prompt: 'A retro video about yoga', animationStyle: catalog.no_style });
    expect(theme.id).toBe('plain');
    expect(theme.palette).toEqual(paletteOf('plain'));
    expect(theme.fonts).toEqual(pack('plain').fonts);
  });

  it('passes the document kinds on to the pick', () => {
    expect(resolveTheme({ prompt: 'A short video about our year', documentKinds: ['csv'] }).id).toBe('data-minimal');
  });

  it('overrides the palette with the brand colors given, in upper-case six-digit hex', () => {
    const theme = resolveTheme({
      prompt: 'A short video about our year',
      brandColors: { primary: '#abc', accent: '#12ab9f' },
    });
    expect(theme.palette).toEqual({ ...paletteOf('plain'), primary: '#AABBCC', accent: '#12AB9F' });
  });

  it('keeps the pack\'s colors where the brand gives none', () => {
    const theme = resolveTheme({ prompt: 'x', animationStyle: 'tech-neon', brandColors: { secondary: '#000000' } });
    expect(theme.palette).toEqual({ ...paletteOf('tech-neon'), secondary: '#000000' });
  });

  it('sets both background and surface from background_color', () => {
    const theme = resolveTheme({ prompt: 'x', animationStyle: 'plain', backgroundColor: '#0a0a0a' });
    expect(theme.palette).toEqual({ ...paletteOf('plain'), background: '#0A0A0A', surface: '#0A0A0A' });
  });

  it('uses brand fonts in their canonical spelling', () => {
    const theme = resolveTheme({ prompt: 'x', animationStyle: 'plain', brandFonts: { heading: '  playfair   DISPLAY ', body: 'ibm plex sans' } });
    expect(theme.fonts).toEqual({ heading: 'Playfair Display', body: 'IBM Plex Sans' });
  });

  it('falls back to the pack\'s font for an unknown or missing brand font', () => {
    const theme = resolveTheme({ prompt: 'x', animationStyle: 'editorial-serif', brandFonts: { heading: 'Comic Sans MS' } });
    expect(theme.fonts).toEqual(pack('editorial-serif').fonts);
  });

  it.each([
    ['3d', '3d'],
    ['3D', '3d'],
    ['isometric 3d look', '3d'],
    ['three-dimensional', '3d'],
    ['2d', '2d'],
    ['flat', '2d'],
  ])('gives depth %j → %s', (visualStyle, depth) => {
    expect(resolveTheme({ prompt: 'x', visualStyle }).depth).toBe(depth);
  });

  it('is flat without a visual style', () => {
    expect(resolveTheme({ prompt: 'x' }).depth).toBe('2d');
  });

  it('carries the brand name, and has no brand without one', () => {
    expect(resolveTheme({ prompt: 'x', brandName: 'Acme' }).brand).toEqual({ name: 'Acme' });
    expect(resolveTheme({ prompt: 'x' })).not.toHaveProperty('brand');
  });
});

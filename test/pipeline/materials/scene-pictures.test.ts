import { describe, expect, it } from 'vitest';
import { codePictureUrls, resolvePicture, scenePictureUrls, withScenePictures } from '../../../src/pipeline/materials/scene-pictures.js';

const grid = (labels: string[], icon = 'auto'): { kind: string; settings: Record<string, unknown> } => ({ kind: 'icons', settings: { title: 'Pack', items: labels.map((label) => ({ icon, label })) } });

describe('scene pictures from the visual library', () => {
  // pictureFor and heroPictureFor themselves, and their precision on test/fixtures/picture-judgements.ts: test/pipeline/materials/picture-search.test.ts.
  it('gives an icon grid pictures only when every card finds one, and leaves other scenes and named icons alone', () => {
    const [pictured, mixed, named, title] = withScenePictures(
      [grid(['Rocket', 'Bed', 'Snowflake']), grid(['Rocket', 'Blorptastic']), grid(['Rocket', 'Bed'], 'heart'), { kind: 'title', settings: { title: 'Rocket' } as Record<string, unknown> }],
      'en',
    );
    expect((pictured!.settings.items as { picture?: string }[]).map((item) => item.picture)).toEqual(['fluent-emoji-flat:rocket', 'fluent-emoji-flat:bed', 'fluent-emoji-flat:snowflake']);
    expect((mixed!.settings.items as { picture?: string }[]).some((item) => item.picture)).toBe(false);
    expect((named!.settings.items as { picture?: string }[]).some((item) => item.picture)).toBe(false);
    expect(title!.settings).toEqual({ title: 'Rocket', picture: 'fluent-emoji-flat:rocket' });
  });

  it('gives a comparison\'s two sides their pictures in the request\'s language, both or neither', () => {
    const side = (title: string) => ({ title, points: ['One', 'Two'] });
    const [spanish, unknown] = withScenePictures(
      [
        { kind: 'comparison', settings: { title: 'Qué entra y qué sale', left: side('Entra'), right: side('Sale') } as Record<string, unknown> },
        { kind: 'comparison', settings: { title: 'Zorblax o cohete', left: side('Zorblax'), right: side('Cohete') } as Record<string, unknown> },
      ],
      'es',
    );
    const pictures = (scene: typeof spanish) => [(scene!.settings.left as { picture?: string }).picture, (scene!.settings.right as { picture?: string }).picture];
    // "Sale" goes out: no shopping cart.
    expect(pictures(spanish)).toEqual(['lucide:log-in', 'lucide:log-out']);
    expect(withScenePictures([{ kind: 'comparison', settings: { title: 'Dans le conteneur', left: side('Oui'), right: side('Non') } as Record<string, unknown> }], 'fr').map(pictures)[0]).toEqual(['lucide:check', 'lucide:x']);
    // A side that finds nothing gets none, and shows the kit's own mark.
    expect(pictures(unknown)[0]).toBeUndefined();
  });

  it('gives a list the picture of its topic: the heading\'s words first, else its points\'', () => {
    const lists: { kind: string; settings: Record<string, unknown> }[] = [
      { kind: 'bullets', settings: { heading: 'Why honeybees matter', items: ['They pollinate crops'] } },
      { kind: 'steps', settings: { heading: 'How it works', steps: ['Bake the bread', 'Slice it'] } },
      { kind: 'bullets', settings: { heading: 'Quarterly results', items: ['Revenue grew', 'Costs fell'] } },
    ];
    const [bees, bread, plain] = withScenePictures(lists, 'en');
    expect(bees!.settings.picture).toBe('fluent-emoji-flat:honeybee');
    expect(bread!.settings.picture).toBe('fluent-emoji-flat:bread');
    expect(plain!.settings.picture).toBeUndefined();
    // In a point, "house bees" are bees (too loose a match here), never a house.
    const [bees2] = withScenePictures([{ kind: 'bullets', settings: { heading: 'How it works', items: ['Bees collect nectar', 'Pass it to house bees'] } as Record<string, unknown> }], 'en');
    expect(bees2!.settings.picture).toBeUndefined();
  });

  it('gives a title card the hero picture of its best-fitting word, and none when no word has one', () => {
    const titles: { kind: string; settings: Record<string, unknown> }[] = [{ kind: 'title', settings: { title: 'Rockets in ten seconds' } }, { kind: 'title', settings: { title: 'Quarterly results' } }];
    const [hero, plain] = withScenePictures(titles, 'en');
    expect(hero!.settings.picture).toBe('fluent-emoji-flat:rocket');
    expect(plain!.settings).toEqual({ title: 'Quarterly results' });
    const [kinetic] = withScenePictures([{ kind: 'kinetic', settings: { text: 'History of the bicycle' } as Record<string, unknown> }], 'en');
    expect(kinetic!.settings.picture).toBe('fluent-emoji-flat:bicycle');
  });

  it('sends each named picture to the render as an SVG data URL, unknown ids left out', () => {
    const urls = scenePictureUrls({ items: [{ label: 'Rocket', picture: 'fluent-emoji-flat:rocket' }, { label: 'x', picture: 'fluent-emoji-flat:no-such-thing' }] });
    expect(Object.keys(urls)).toEqual(['fluent-emoji-flat:rocket']);
    const svg = Buffer.from(urls['fluent-emoji-flat:rocket']!.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]+viewBox="[\d. ]+"/);
  });

  it('resolves the plan\'s picture words in English or the video\'s language, keeps library ids the sets hold, and drops what finds nothing', () => {
    expect(resolvePicture('a snowflake', 'de')).toBe('fluent-emoji-flat:snowflake');
    expect(resolvePicture('Brot', 'de')).toBe('fluent-emoji-flat:bread');
    expect(resolvePicture('fluent-emoji-flat:house', 'en')).toBe('fluent-emoji-flat:house');
    expect(resolvePicture('fluent-emoji-flat:no-such-picture', 'en')).toBeUndefined();
    expect(resolvePicture('Zorblax', 'en')).toBeUndefined();
    // An illustration's own name, as models often write it, is that illustration.
    expect(resolvePicture('speech balloon', 'en')).toBe('fluent-emoji-flat:speech-balloon');
    expect(resolvePicture('a check mark', 'fr')).toBe('fluent-emoji-flat:check-mark');
    const [scene] = withScenePictures([{ kind: 'bullets', settings: { heading: 'Quintelvar', items: ['Zorblax one', 'Zorblax two'], picture: 'Blorptastic' } as Record<string, unknown> }], 'en');
    expect(scene!.settings).not.toHaveProperty('picture');
  });

  it('gives a diagram, figure grid, ranking or before-and-after illustrations on every part, else line icons on every part, else the illustrations found and no stand-in', () => {
    const nodes = (labels: string[], picture?: string) => labels.map((label, index) => ({ label, ...(index === 0 && picture ? { picture } : {}) }));
    const [flow, partial, grid, sides] = withScenePictures(
      [
        { kind: 'flow', settings: { title: 'Winter', nodes: nodes(['Cold air', 'House', 'Bread'], 'snowflake') } as Record<string, unknown> },
        { kind: 'hub', settings: { title: 'Home', hub: { label: 'House' }, spokes: nodes(['Bed', 'Quintelvar']) } as Record<string, unknown> },
        { kind: 'stat-grid', settings: { title: 'Bakery', stats: [{ value: 48, label: 'Bread' }, { value: 3, label: 'Rocket' }] } as Record<string, unknown> },
        { kind: 'before-after', settings: { title: 'Bedroom', before: { label: 'Bed', points: [] }, after: { label: 'Zorblax', points: [] } } as Record<string, unknown> },
      ],
      'en',
    );
    expect((flow!.settings.nodes as { picture?: string }[]).map((node) => node.picture)).toEqual(['fluent-emoji-flat:snowflake', 'fluent-emoji-flat:house', 'fluent-emoji-flat:bread']);
    expect(partial!.settings).toEqual({ title: 'Home', hub: { label: 'House', picture: 'fluent-emoji-flat:house' }, spokes: [{ label: 'Bed', picture: 'fluent-emoji-flat:bed' }, { label: 'Quintelvar' }] });
    expect((grid!.settings.stats as { picture?: string }[]).map((stat) => stat.picture)).toEqual(['fluent-emoji-flat:bread', 'fluent-emoji-flat:rocket']);
    expect(sides!.settings).toEqual({ title: 'Bedroom', before: { label: 'Bed', points: [], picture: 'fluent-emoji-flat:bed' }, after: { label: 'Zorblax', points: [] } });
  });

  it('shows the video\'s subject on a scene of words whose own words find no picture, and nothing when neither does', () => {
    const [stat, quote] = withScenePictures(
      [
        { kind: 'stat', settings: { value: 60, label: 'Zorblax quintelvar' } as Record<string, unknown> },
        { kind: 'quote', settings: { quote: 'Quintelvar zorblax' } as Record<string, unknown> },
      ],
      'en',
      'How honeybees make honey',
    );
    expect(stat!.settings.picture).toBe('fluent-emoji-flat:honeybee');
    expect(quote!.settings.picture).toBe('fluent-emoji-flat:honeybee');
    const [bare] = withScenePictures([{ kind: 'stat', settings: { value: 60, label: 'Zorblax quintelvar' } as Record<string, unknown> }], 'en', 'Quintelvar');
    expect(bare!.settings).not.toHaveProperty('picture');
  });

  it('finds the pictures a scene\'s code names by words, and leaves out names that find none', () => {
    const urls = codePictureUrls("const a = assets['picture:snowflake']; const b = assets[\"picture:zorblax\"]; const c = assets['picture:snowflake'];");
    expect(Object.keys(urls)).toEqual(['picture:snowflake']);
    expect(urls['picture:snowflake']).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('layers a drawn film shot from what its caption and description name, else the subject, each shot its own', () => {
    const [bees, rocket, vague, still] = withScenePictures(
      [
        { kind: 'footage', settings: { caption: 'Honeybees at work', description: 'Honeybees at work. A field of sunflowers in the morning.' } as Record<string, unknown> },
        { kind: 'footage', settings: { caption: 'Lift-off', description: 'A rocket climbs over the sea.' } as Record<string, unknown> },
        { kind: 'footage', settings: { caption: 'Quintelvar', description: 'Zorblax.' } as Record<string, unknown> },
        { kind: 'footage', settings: { caption: 'Honeybees', description: 'Honeybees.', image: 'image-1' } as Record<string, unknown> },
      ],
      'en',
      'Bread at dawn',
    );
    expect(bees!.settings.pictures).toEqual(['fluent-emoji-flat:honeybee', 'fluent-emoji-flat:sunflower']);
    expect(rocket!.settings.pictures).toEqual(['fluent-emoji-flat:rocket']);
    expect(vague!.settings.pictures).toEqual(['fluent-emoji-flat:bread']);
    expect(still!.settings).not.toHaveProperty('pictures');
    expect(Object.keys(scenePictureUrls(bees!.settings))).toEqual(['fluent-emoji-flat:honeybee', 'fluent-emoji-flat:sunflower']);
  });

  it('falls back to line icons on every part when illustrations miss one, and reads an icon grid none of whose cards finds one as a list', () => {
    const [hub, grid, stat] = withScenePictures(
      [
        { kind: 'hub', settings: { title: 'Team', hub: { label: 'Your manager' }, spokes: [{ label: 'Server room' }, { label: 'Customer service' }] } as Record<string, unknown> },
        { kind: 'icons', settings: { title: 'Quintel', items: ['Zorblax', 'Quintelvar', 'Blorp'].map((label) => ({ icon: 'auto', label })) } as Record<string, unknown> },
        { kind: 'stat', settings: { value: 3, label: 'Customer service' } as Record<string, unknown> },
      ],
      'en',
      'Bread',
    );
    expect(JSON.stringify(hub!.settings).match(/"picture":"[^"]+"/g)).toEqual(['"picture":"lucide:user"', '"picture":"lucide:server"', '"picture":"lucide:headset"']);
    expect(grid).toEqual({ kind: 'bullets', settings: { heading: 'Quintel', items: ['Zorblax', 'Quintelvar', 'Blorp'], picture: 'fluent-emoji-flat:bread' } });
    // A scene's own line icon comes before the subject's picture.
    expect(stat!.settings.picture).toBe('lucide:headset');
  });

  it("uses a model's picture words for a part's line icon when the library has no illustration of them", () => {
    const [flow] = withScenePictures([{ kind: 'flow', settings: { title: 'Loop', nodes: [{ label: 'Cold air', picture: 'snowflake' }, { label: 'Squeeze', picture: 'fan' }, { label: 'Warm', picture: 'thermometer' }, { label: 'Quintelvar', picture: 'zorblax' }] } as Record<string, unknown> }], 'en');
    const pictures = (flow!.settings.nodes as { picture?: string }[]).map((node) => node.picture);
    expect(pictures.slice(0, 3)).toEqual(['fluent-emoji-flat:snowflake', 'fluent-emoji-flat:folding-hand-fan', 'fluent-emoji-flat:thermometer']);
    expect(pictures[3]).toBeUndefined();
  });
});

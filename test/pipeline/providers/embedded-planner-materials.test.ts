import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceDocument } from '../../../src/documents/read-document.js';
import type { PreparedImage } from '../../../src/pipeline/materials/prepare-materials.js';
import { EmbeddedPlanner } from '../../../src/pipeline/providers/embedded/embedded-planner.js';
import { imageScenes } from '../../../src/pipeline/providers/embedded/material-scenes.js';
import type { PlanMaterials, PlannedScene, StoryPlan } from '../../../src/pipeline/providers/provider-types.js';
import { documentFiles } from '../../documents/document-files.js';
import { textPdf } from '../../documents/pdf-fixtures.js';

const planner = new EmbeddedPlanner();
const files = documentFiles();
afterAll(() => files.remove());

function plan(prompt: string, materials?: PlanMaterials, durationSeconds = 60): Promise<StoryPlan> {
  return planner.plan({ prompt, durationSeconds, multiScene: true, fps: 30, language: 'en', ...(materials ? { materials } : {}) });
}

function image(name: string, role: PreparedImage['role'], context?: string): PreparedImage {
  return { name, field: `images[${name.replace(/\D/g, '')}]`, role, ...(context ? { context } : {}), width: 1600, height: 900 };
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, '');
}

/** What a scene says as content (not its headings, which are the planner's own words). */
function pointsOf(scene: PlannedScene): string[] {
  const s = scene.settings as Record<string, any>;
  switch (scene.kind) {
    case 'bullets':
      return s.items as string[];
    case 'steps':
      return s.steps as string[];
    case 'icons':
      return (s.items as { label: string }[]).map((item) => item.label);
    case 'comparison':
      return [...(s.left.points as string[]), ...(s.right.points as string[])];
    case 'timeline':
      return (s.events as { text: string }[]).map((event) => event.text);
    case 'quote':
      return [s.quote as string];
    case 'stat':
      return [scene.narration];
    case 'kinetic':
      // A silent kinetic scene restates a key term of the subject; a said one is a point.
      return scene.narration ? [s.text as string] : [];
    case 'cta':
      return [s.message as string];
    default:
      return [];
  }
}

/** Points said on two scenes (the hook apart): the same words, or one point inside another. */
function repeatedPoints(story: StoryPlan): string[] {
  const said = story.scenes.flatMap((scene, index) => (scene.role === 'hook' ? [] : pointsOf(scene).map((point) => ({ point: normalize(point), index }))));
  const repeats: string[] = [];
  for (const [i, a] of said.entries()) {
    for (const b of said.slice(i + 1)) {
      if (a.index === b.index) continue;
      const [shorter, longer] = a.point.length <= b.point.length ? [a.point, b.point] : [b.point, a.point];
      if (shorter === longer || (shorter.split(' ').length >= 3 && longer.includes(shorter))) repeats.push(`${a.point} (scene ${a.index}) / ${b.point} (scene ${b.index})`);
    }
  }
  return repeats;
}

/** Every string in every scene's settings and narration. */
function allText(story: StoryPlan): string {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const scene of story.scenes) {
    walk(scene.settings);
    strings.push(scene.title, scene.narration);
  }
  return strings.join('\n');
}

/** Body content that is not found in what the request brought. */
function inventedPoints(story: StoryPlan, sources: string[]): string[] {
  const corpus = normalize(sources.join(' \n '));
  return story.scenes
    .filter((scene) => scene.role === 'body')
    .flatMap((scene) => pointsOf(scene).map(normalize))
    .filter((point) => !corpus.includes(point));
}

function expectNoPlaceholders(story: StoryPlan): void {
  expect(allText(story)).not.toMatch(/lorem|ipsum|placeholder|\btodo\b|\btbd\b|\bxxx\b/i);
}

describe('EmbeddedPlanner with a CSV', () => {
  const CSV = 'Region,Revenue ($)\nNorth,1200\nSouth,950\nWest,1430\nEast,800\n';
  let doc: SourceDocument;
  beforeAll(async () => {
    doc = await files.read('csv', CSV, 'revenue.csv');
  });

  it('charts the CSV\'s cells exactly, naming the columns and rows they come from', async () => {
    const story = await plan('Make a video about our regional revenue.', { images: [], documents: [doc] });
    const charts = story.scenes.filter((scene) => scene.kind === 'chart');
    expect(charts).toHaveLength(1);
    const settings = charts[0]!.settings;
    expect(settings.labels).toEqual(doc.table!.rows.map((row) => row[0]));
    expect(settings.labels).toEqual(['North', 'South', 'West', 'East']);
    expect(settings.values).toEqual(doc.table!.rows.map((row) => Number(row[1])));
    expect(settings.sourceRef).toEqual({ field: 'documents[0]', fileName: 'revenue.csv', labelColumn: 'Region', valueColumn: 'Revenue ($)', rows: [1, 2, 3, 4] });
    expect(settings.source).toBe('Source: revenue.csv, rows 1–4');
    expect(settings).toMatchObject({ chart: 'bar', unit: '$', valueLabel: 'Revenue ($)' });
    expectNoPlaceholders(story);
  });

  it('names the rows it skipped by number', async () => {
    const gappy = await files.read('csv', 'Region,Revenue\nNorth,1200\nSouth,\nWest,1430\n', 'gappy.csv');
    const story = await plan('Make a video about our regional revenue.', { images: [], documents: [gappy] });
    const chart = story.scenes.find((scene) => scene.kind === 'chart')!;
    expect(chart.settings).toMatchObject({ labels: ['North', 'West'], values: [1200, 1430], source: 'Source: gappy.csv, rows 1, 3' });
    expect((chart.settings.sourceRef as { rows: number[] }).rows).toEqual([1, 3]);
  });

  it('charts each value column against the label column', async () => {
    const quarters = await files.read('csv', 'Quarter,Revenue,Customers\nQ1 2024,120,40\nQ2 2024,150,52\nQ3 2024,170,61\n', 'q.csv');
    const story = await plan('Make a video about our quarter.', { images: [], documents: [quarters] });
    const charts = story.scenes.filter((scene) => scene.kind === 'chart').map((scene) => scene.settings);
    expect(charts.map((chart) => [chart.title, chart.chart, chart.labels, chart.values])).toEqual([
      ['Revenue', 'line', ['Q1 2024', 'Q2 2024', 'Q3 2024'], [120, 150, 170]],
      ['Customers', 'line', ['Q1 2024', 'Q2 2024', 'Q3 2024'], [40, 52, 61]],
    ]);
  });

  it('makes the chart the one scene of a single-scene video', async () => {
    const story = await planner.plan({ prompt: 'Our regional revenue', durationSeconds: 15, multiScene: false, fps: 30, language: 'en', materials: { images: [], documents: [doc] } });
    expect(story.scenes).toHaveLength(1);
    expect(story.scenes[0]).toMatchObject({ kind: 'chart', durationSeconds: 15, settings: { labels: ['North', 'South', 'West', 'East'], values: [1200, 950, 1430, 800] } });
  });
});

describe('EmbeddedPlanner with a PDF or a text document', () => {
  const PAGES = [
    ['Annual Report 2024', '', 'Our customers grew to 12,400 accounts across four regions this year.', 'The support team answered most tickets within two hours on average.'],
    ['Churn fell to 3.5% after the new onboarding flow shipped in spring.', 'We opened a second warehouse in Lyon to cut delivery times for customers.', 'The board approved a larger budget for research next year.'],
  ];
  const PROMPT = 'Make a video summarizing our annual report for customers.';
  let pdf: SourceDocument;
  beforeAll(async () => {
    pdf = await files.read('pdf', textPdf(PAGES), 'report.pdf');
  });

  /** The 1-based page of a PDF whose text holds `text`. */
  const pageOf = (doc: SourceDocument, text: string) => {
    const at = doc.text.indexOf(text);
    return doc.pageOffsets!.filter((start) => start <= at).length;
  };

  it('shows the figures the PDF states, each with the page that states it', async () => {
    const story = await plan(PROMPT, { images: [], documents: [pdf] });
    const stats = story.scenes.filter((scene) => scene.kind === 'stat');
    expect(stats.map((scene) => [scene.settings.value, scene.settings.suffix, scene.settings.source])).toEqual([
      [12400, '', 'Source: report.pdf, p. 1'],
      [3.5, '%', 'Source: report.pdf, p. 2'],
    ]);
    for (const stat of stats) {
      expect(pdf.text).toContain(stat.narration);
      expect(stat.settings.sourceRef).toEqual({ field: 'documents[0]', fileName: 'report.pdf', page: pageOf(pdf, stat.narration) });
    }
  });

  it('shows the PDF\'s key statements as written, each with its page', async () => {
    const story = await plan(PROMPT, { images: [], documents: [pdf] });
    const lists = story.scenes.filter((scene) => scene.kind === 'bullets');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists[0]!.settings.heading).toBe('Annual Report 2024');
    for (const list of lists) {
      const items = list.settings.items as string[];
      const refs = list.settings.sourceRef as { field: string; fileName: string; page: number }[];
      expect(refs).toHaveLength(items.length);
      items.forEach((item, index) => {
        expect(pdf.text).toContain(item);
        expect(refs[index]).toEqual({ field: 'documents[0]', fileName: 'report.pdf', page: pageOf(pdf, item) });
      });
    }
    const shown = lists.flatMap((list) => list.settings.items as string[]);
    expect(shown).toContain('We opened a second warehouse in Lyon to cut delivery times for customers');
    expect(inventedPoints(story, [PROMPT, pdf.text])).toEqual([]);
    expectNoPlaceholders(story);
  });

  it('cites a text document by its file name, without pages', async () => {
    const notes = await files.read('txt', 'Honeybees visit about two million flowers to make one pound of honey.\nA single hive can hold 60,000 bees in midsummer.\nWorker bees live for around six weeks in summer.\n', 'bees.txt');
    const story = await plan('Make a video about honeybees.', { images: [], documents: [notes] }, 45);
    const stat = story.scenes.find((scene) => scene.kind === 'stat')!;
    expect(stat.settings).toMatchObject({ value: 60000, source: 'Source: bees.txt', sourceRef: { field: 'documents[0]', fileName: 'bees.txt' } });
    expect(stat.settings.sourceRef).not.toHaveProperty('page');
    expect(inventedPoints(story, ['Make a video about honeybees.', notes.text])).toEqual([]);
  });

  // BUG: documentScenes (material-scenes.ts) puts a statement's figure on a counter and the same
  // statement again in the key-statement bullets: "Our customers grew to 12,400 accounts ..." is
  // said twice, once on each scene.
  it('does not say a document statement on a counter and again in a list', async () => {
    const story = await plan(PROMPT, { images: [], documents: [pdf] });
    expect(repeatedPoints(story)).toEqual([]);
  });
});

describe('EmbeddedPlanner with images', () => {
  const PROMPT = 'Introducing the Nimbus smart kettle. It boils water in 90 seconds. It keeps tea warm for hours.';
  const images = [
    image('image-0', 'hero', 'kettle hero shot'),
    image('image-1', 'product', 'The Nimbus kettle'),
    image('image-2', 'team', 'Jane Doe, CEO'),
    image('image-3', 'gallery'),
    image('image-4', 'gallery'),
    image('image-5', 'gallery'),
    image('image-6', 'logo', 'logo'),
  ];
  let story: StoryPlan;
  beforeAll(async () => {
    story = await plan(PROMPT, { images, documents: [], logo: 'image-6', brandName: 'Nimbus Labs' });
  });

  it('opens on the hero image', () => {
    expect(story.scenes[0]).toMatchObject({ role: 'hook', kind: 'image', settings: { image: 'image-0', mode: 'ken-burns', heading: 'The Nimbus smart kettle' } });
  });

  it('shows the product whole, headed by its context', () => {
    const product = story.scenes.filter((scene) => scene.settings.image === 'image-1');
    expect(product).toHaveLength(1);
    expect(product[0]).toMatchObject({ role: 'body', kind: 'image', settings: { mode: 'contain', heading: 'The Nimbus kettle' } });
  });

  it('introduces the one team member with a lower third of name and role', () => {
    const person = story.scenes.filter((scene) => scene.kind === 'lower-third');
    expect(person).toHaveLength(1);
    expect(person[0]!.settings).toEqual({ name: 'Jane Doe', role: 'CEO', image: 'image-2' });
  });

  it('puts the gallery in one image grid', () => {
    const grids = story.scenes.filter((scene) => scene.kind === 'image-grid');
    expect(grids).toHaveLength(1);
    expect(grids[0]!.settings.images).toEqual(['image-3', 'image-4', 'image-5']);
  });

  it('puts the logo on the closing call to action, and nowhere else', () => {
    const close = story.scenes.at(-1)!;
    expect(close).toMatchObject({ role: 'close', kind: 'cta', settings: { logo: 'image-6' } });
    expect(story.scenes.slice(0, -1).some((scene) => JSON.stringify(scene.settings).includes('image-6'))).toBe(false);
  });

  it('says an image\'s context as written: a full stop only where it has none, never a doubled one', () => {
    const scenes = imageScenes([image('image-1', 'product', '48,000 of you. Thank you.'), image('image-2', 'product', 'The Nimbus kettle')], 'Nimbus');
    expect(scenes.map((scene) => scene.narration)).toEqual(['48,000 of you. Thank you.', 'The Nimbus kettle.']);
    expect(scenes[0]!.settings.heading).toBe('48,000 of you. Thank you.');
  });

  it('uses every image name it was given, and no other', () => {
    const names = new Set(images.map((item) => item.name));
    const used = new Set(JSON.stringify(story.scenes.map((scene) => scene.settings)).match(/image-\d+/g));
    expect(used).toEqual(names);
  });

  it('keeps to the request\'s own words and says no point twice', () => {
    expectNoPlaceholders(story);
    expect(inventedPoints(story, [PROMPT, ...images.flatMap((item) => item.context ?? [])])).toEqual([]);
    expect(repeatedPoints(story)).toEqual([]);
  });

  it('shows several team photos in a grid instead of a lower third', async () => {
    const team = [image('image-0', 'team', 'Jane Doe, CEO'), image('image-1', 'team', 'Sam Lee, CTO')];
    const grid = (await plan(PROMPT, { images: team, documents: [] })).scenes.filter((scene) => scene.kind === 'image-grid');
    expect(grid).toHaveLength(1);
    expect(grid[0]!.settings).toMatchObject({ images: ['image-0', 'image-1'], captions: ['Jane Doe, CEO', 'Sam Lee, CTO'] });
  });

  it.each([
    ['a title hook', 'Nimbus kettle launch. It boils water fast and keeps tea warm.', 'title'],
    ['a kinetic hook', 'Nimbus kettle launch', 'kinetic'],
  ])('puts the brand name on %s as its kicker when there is no hero', async (_name, prompt, kind) => {
    const hook = (await plan(prompt, { images: [], documents: [], brandName: 'Nimbus Labs' }, 30)).scenes[0]!;
    expect(hook).toMatchObject({ role: 'hook', kind, settings: { kicker: 'Nimbus Labs' } });
  });

  it("subtitles the hook with the brand's description when the prompt has only its subject", async () => {
    const hook = (await plan('Nimbus kettle launch', { images: [], documents: [], brandName: 'Nimbus Labs', brandDescription: 'Kitchen tools that last a lifetime. Made in Porto.' }, 30)).scenes[0]!;
    expect(hook).toMatchObject({ role: 'hook', kind: 'title', settings: { title: 'Nimbus kettle launch', subtitle: 'Kitchen tools that last a lifetime', kicker: 'Nimbus Labs' } });
  });

  it('gives the hook no kicker without a brand name', async () => {
    const hook = (await plan('Nimbus kettle launch', { images: [], documents: [] }, 30)).scenes[0]!;
    expect(hook.settings).not.toHaveProperty('kicker');
  });
});

describe('EmbeddedPlanner prompt shapes', () => {
  it('draws a timeline from three or more dated sentences, in order', async () => {
    const prompt =
      'The story of the web. In 1991, Tim Berners-Lee published the first website. In 1998, Google started indexing pages. In 2007, the iPhone put the web in pockets. Today billions of people are online.';
    const story = await plan(prompt);
    const timelines = story.scenes.filter((scene) => scene.kind === 'timeline');
    expect(timelines).toHaveLength(1);
    expect(timelines[0]!.settings).toEqual({
      title: 'From 1991 to 2007',
      events: [
        { when: '1991', text: 'Tim Berners-Lee published the first website' },
        { when: '1998', text: 'Google started indexing pages' },
        { when: '2007', text: 'The iPhone put the web in pockets' },
      ],
    });
    expect(story.scenes.some((scene) => scene.kind === 'stat')).toBe(false);
    expect(repeatedPoints(story)).toEqual([]);
    expect(inventedPoints(story, [prompt])).toEqual([]);
    expectNoPlaceholders(story);
  });

  it('draws no timeline from two dated sentences', async () => {
    const story = await plan('The story of the web. In 1991, Tim Berners-Lee published the first website. In 1998, Google started indexing pages.');
    expect(story.scenes.some((scene) => scene.kind === 'timeline')).toBe(false);
  });

  // BUG: findFigures (embedded-planner.ts) skips only years 1900–2100 as figures, but timelineScene
  // (prompt-scenes.ts) dates events from 1500: "In 1817, ..." becomes both a timeline event and a
  // counter of 1817 labelled ", Karl Drais built a running machine".
  it('does not count the years of a timeline before 1900 as figures', async () => {
    const story = await plan(
      'The story of the bicycle. In 1817, Karl Drais built a running machine. By 1870, high-wheelers were popular in Britain. In 1885, John Kemp Starley made the safety bicycle. Cycling is still growing.',
    );
    expect(story.scenes.some((scene) => scene.kind === 'timeline')).toBe(true);
    expect(story.scenes.filter((scene) => scene.kind === 'stat')).toEqual([]);
  });

  // BUG: the planner marks dated points as used for the body, but the close takes the prompt's
  // last sentence as its message without looking at the timeline: a prompt that ends on a dated
  // event says it on the timeline and again on the call to action.
  it('does not repeat the last timeline event as the closing message', async () => {
    const story = await plan(
      'The story of the web. In 1991, Tim Berners-Lee published the first website. In 1998, Google started indexing pages. In 2007, the iPhone put the web in pockets.',
    );
    expect(repeatedPoints(story)).toEqual([]);
  });

  it('sets two things against each other from "A vs B", with each side\'s own points', async () => {
    const prompt = 'Tea vs coffee for mornings. Tea has gentle caffeine. Coffee has a strong kick. Tea comes in many flavors. Coffee needs a grinder. Both are enjoyed worldwide.';
    const story = await plan(prompt);
    const comparison = story.scenes.find((scene) => scene.kind === 'comparison');
    expect(comparison?.settings).toEqual({
      title: 'Tea vs Coffee',
      left: { title: 'Tea', points: ['Tea has gentle caffeine', 'Tea comes in many flavors'] },
      right: { title: 'Coffee', points: ['Coffee has a strong kick', 'Coffee needs a grinder'] },
    });
    expect(repeatedPoints(story)).toEqual([]);
    expect(inventedPoints(story, [prompt])).toEqual([]);
  });

  it('tells the sides apart by the word they do not share ("electric cars vs gas cars")', async () => {
    const story = await plan('Electric cars vs gas cars. Electric cars cost less to fuel. Electric cars are quiet. Gas cars refuel in minutes. Gas cars have more range.');
    const comparison = story.scenes.find((scene) => scene.kind === 'comparison')!;
    expect(comparison.settings).toMatchObject({
      left: { title: 'Electric cars', points: ['Electric cars cost less to fuel', 'Electric cars are quiet'] },
      right: { title: 'Gas cars', points: ['Gas cars refuel in minutes', 'Gas cars have more range'] },
    });
  });

  it('makes no comparison when one side has no point of its own', async () => {
    const story = await plan('Tea vs coffee for mornings. Tea has gentle caffeine. Tea comes in many flavors. Both are enjoyed worldwide.');
    expect(story.scenes.some((scene) => scene.kind === 'comparison')).toBe(false);
  });

  // BUG: keywords() (embedded-planner.ts) does not drop repeated words, so the key terms of
  // "Electric cars vs gas cars" are [electric, cars, cars] and the filler scenes read
  // "Cars", "Cars": two identical scenes back to back.
  it('does not fill with the same key term twice in a row', async () => {
    const story = await plan('Electric cars vs gas cars. Electric cars cost less to fuel. Electric cars are quiet. Gas cars refuel in minutes. Gas cars have more range.');
    const texts = story.scenes.map((scene) => JSON.stringify([scene.kind, scene.settings]));
    for (let i = 1; i < texts.length; i += 1) expect(texts[i]).not.toBe(texts[i - 1]);
  });

  it('lists the steps of "how to ... first ... then ... finally" in order', async () => {
    const prompt = 'How to plant a tree. First, dig a hole twice as wide as the roots. Then set the tree in the hole. Next, fill the hole with soil. Finally, water the soil deeply. Trees planted this way grow strong.';
    const story = await plan(prompt);
    const steps = story.scenes.filter((scene) => scene.kind === 'steps');
    expect(steps).toHaveLength(1);
    const listed = (steps[0]!.settings.steps as string[]).map(normalize);
    expect(listed).toHaveLength(4);
    for (const [index, step] of ['dig a hole twice as wide as the roots', 'set the tree in the hole', 'fill the hole with soil', 'water the soil deeply'].entries()) {
      expect(listed[index]).toContain(step);
    }
    expect(steps[0]!.settings.heading).toBe('How to plant a tree');
    expect(repeatedPoints(story)).toEqual([]);
    expect(inventedPoints(story, [prompt])).toEqual([]);
  });

  // BUG: the close takes the prompt's last sentence as its message, and points the close says are
  // dropped from the body: a how-to that ends on its final step loses that step from the steps
  // scene, and the call to action reads "Finally, pour slowly in circles".
  it('keeps the final step in the steps when the prompt ends on it, short steps drawn as a flow diagram', async () => {
    const story = await plan('How to brew pour-over coffee. First, heat the water. Then grind the beans. Next, rinse the paper filter. Finally, pour slowly in circles.');
    const flow = story.scenes.find((scene) => scene.kind === 'flow')!;
    expect(flow.settings.shape).toBe('line');
    expect((flow.settings.nodes as { label: string }[]).map((node) => normalize(node.label))).toContain('pour slowly in circles');
    const long = await plan('How to plant a tree. First, dig a hole twice as wide as the root ball and as deep. Then set the tree in it so the root flare sits at ground level. Finally, fill the hole with the soil you dug and water it well.');
    expect(long.scenes.some((scene) => scene.kind === 'steps')).toBe(true);
  });

  it('draws a loop as a cycle, ticks tips off as a checklist, and shows three stated figures in one grid', async () => {
    const cycle = await plan('How the water cycle works: water evaporates, clouds form, rain falls, rivers flow back.');
    expect(cycle.scenes.find((scene) => scene.kind === 'flow')?.settings.shape).toBe('cycle');
    const tips = await plan('5 tips for better sleep. Keep the room cool. No screens before bed. Go to bed at the same time. Skip late coffee. Get morning light.');
    expect(tips.scenes.find((scene) => scene.kind === 'checklist')?.settings.items).toContain('Keep the room cool');
    const figures = await plan('Our bakery in numbers. We bake 400 loaves a day. Our dough rests 48 hours. We employ 12 bakers.');
    expect(figures.scenes.find((scene) => scene.kind === 'stat-grid')?.settings.stats).toHaveLength(3);
  });

  it('shows the countries a prompt names on a map, labelled in its language', async () => {
    const coffee = await plan('Finland drinks 12 kg of coffee per person a year, Norway 9.9 kg, Iceland 9 kg and Denmark 8.7 kg.');
    expect(coffee.scenes.find((scene) => scene.kind === 'map')?.settings).toMatchObject({ regions: ['FIN', 'NOR', 'ISL', 'DNK'], labels: { FIN: 'Finland', DNK: 'Denmark' } });
    const german = await new EmbeddedPlanner().plan({ prompt: 'Warum Finnland und Norwegen so viel Kaffee trinken. Finnland trinkt am meisten.', language: 'de', durationSeconds: 30, fps: 30, multiScene: true });
    expect(german.scenes.find((scene) => scene.kind === 'map')?.settings.labels).toEqual({ FIN: 'Finnland', NOR: 'Norwegen' });
    const none = await plan('Why the sky is blue. Sunlight scatters off air molecules.');
    expect(none.scenes.some((scene) => scene.kind === 'map')).toBe(false);
  });

  it('reads a prompt as steps only when it explains a process', async () => {
    const story = await plan('Why sleep matters. Adults need seven to nine hours of sleep each night. Poor sleep weakens the immune system. Regular bedtimes help the body clock.');
    expect(story.scenes.some((scene) => scene.kind === 'steps')).toBe(false);
    expect(story.scenes.find((scene) => scene.kind === 'bullets')?.settings.items).toEqual([
      'Adults need seven to nine hours of sleep each night',
      'Poor sleep weakens the immune system',
    ]);
  });

  it.each([
    ['"..." said Name, role', 'Why design matters. "Design is not just what it looks like, design is how it works" said Steve Jobs, Apple cofounder. Good design builds trust with customers.'],
    ['“...” — Name, role', 'Why design matters. Steve Jobs said it best. “Design is not just what it looks like, design is how it works” — Steve Jobs, Apple cofounder. Good design builds trust with customers.'],
  ])('quotes a speaker from %s', async (_form, prompt) => {
    const story = await plan(prompt);
    const quotes = story.scenes.filter((scene) => scene.kind === 'quote');
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.settings).toEqual({ quote: 'Design is not just what it looks like, design is how it works', author: 'Steve Jobs', role: 'Apple cofounder' });
    expectNoPlaceholders(story);
  });

  // BUG: the planner marks a comparison's and a timeline's points as used but not the quote's
  // (embedded-planner.ts, `if (quote) candidates.push(quote)`): the quoted sentence is split into
  // bullets that say the quote again, stray quotation marks included.
  it('does not repeat the quote as bullet points', async () => {
    const story = await plan('Why design matters. "Design is not just what it looks like, design is how it works" said Steve Jobs, Apple cofounder. Good design builds trust with customers.');
    expect(repeatedPoints(story)).toEqual([]);
  });

  it('shows short points as an icon grid', async () => {
    const prompt = 'Our new gym. Open all night, free parking, friendly trainers, clean showers, group classes.';
    const story = await plan(prompt);
    const icons = story.scenes.filter((scene) => scene.kind === 'icons');
    expect(icons).toHaveLength(1);
    expect((icons[0]!.settings.items as { label: string }[]).map((item) => item.label)).toEqual([
      'Open all night',
      'Free parking',
      'Friendly trainers',
      'Clean showers',
      'Group classes',
    ]);
    expect(repeatedPoints(story)).toEqual([]);
    expect(inventedPoints(story, [prompt])).toEqual([]);
    expectNoPlaceholders(story);
  });

  it('does not make an icon grid of long points', async () => {
    const story = await plan('Why sleep matters. Adults need seven to nine hours of sleep each night. Poor sleep weakens the immune system. Regular bedtimes help the body clock.');
    expect(story.scenes.some((scene) => scene.kind === 'icons')).toBe(false);
  });
});

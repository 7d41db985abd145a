import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { readDocument } from '../../../../src/documents/read-document.js';
import { createLanguageModel } from '../../../../src/pipeline/providers/llm/create-language-model.js';
import { LanguageModelError } from '../../../../src/pipeline/providers/llm/language-model.js';
import { countProblem, ModelPlanner, type ModelPlan } from '../../../../src/pipeline/providers/llm/model-planner.js';
import { finishModelPlan, statedNumbers } from '../../../../src/pipeline/providers/llm/model-plan-finish.js';
import { footageScenes } from '../../../../src/pipeline/stages/footage-scenes.js';
import { startFakeOpenAIServer, type FakeModelServer } from '../../../helpers/fake-model-servers.js';
import { documentFiles } from '../../../documents/document-files.js';

const servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function plannerAnswering(...answers: unknown[]): Promise<{ planner: ModelPlanner; server: FakeModelServer }> {
  const server = await startFakeOpenAIServer();
  servers.push(server);
  for (const answer of answers) server.enqueue(answer as never);
  const model = await createLanguageModel({ provider: 'openai-compatible', model: 'qwen2.5-coder:32b', baseUrl: server.url, apiKey: undefined }, { maxRetries: 0 });
  return { planner: new ModelPlanner(model), server };
}

/** What a capable model answers for "Explain how a heat pump works" (its own words, the request's facts). */
const HEAT_PUMP: ModelPlan = {
  title: 'How a heat pump works',
  scenes: [
    { kind: 'title', title: 'How a heat pump works', subtitle: 'Moving heat instead of making it', narration: 'A heat pump warms your home by moving heat, not by burning fuel.', seconds: 5 },
    { kind: 'steps', heading: 'The cycle', steps: ['Refrigerant absorbs outdoor heat', 'A compressor raises its temperature', 'Indoor coils release the heat'], narration: 'Cold refrigerant absorbs heat from the outside air. A compressor squeezes it, raising its temperature. Inside, the coils release that heat into your rooms.', seconds: 10 },
    { kind: 'stat', value: 3, prefix: '', suffix: 'x', label: 'Heat delivered per unit of electricity', narration: 'For every unit of electricity, it delivers about three units of heat.', seconds: 6 },
    { kind: 'stat', value: 42, prefix: '', suffix: '%', label: 'Lower bills', narration: 'Bills drop by forty-two percent.', seconds: 5 },
    { kind: 'cta', message: 'Efficient heat from thin air', action: 'Learn more', narration: 'That is how a heat pump turns a little electricity into a lot of warmth.', seconds: 5 },
  ],
};

describe('ModelPlanner', () => {
  it('plans the story the model wrote, in whole frames summing to the target, asking with the schema', async () => {
    const { planner, server } = await plannerAnswering({ object: HEAT_PUMP });
    const plan = await planner.plan({ prompt: 'Explain how a heat pump works. It delivers 3x the heat per unit of electricity.', durationSeconds: 30, multiScene: true, fps: 30, language: 'en' });
    expect(plan.title).toBe('How a heat pump works');
    expect(plan.scenes.map((scene) => scene.kind)).toEqual(['title', 'steps', 'stat', 'cta']);
    expect(plan.scenes.map((scene) => scene.role)).toEqual(['hook', 'body', 'body', 'close']);
    expect(plan.scenes[1]!.settings).toEqual({ heading: 'The cycle', steps: HEAT_PUMP.scenes[1]!.kind === 'steps' ? HEAT_PUMP.scenes[1]!.steps : [] });
    expect(plan.scenes[1]!.narration).toContain('compressor');
    const frames = plan.scenes.map((scene) => scene.durationSeconds * 30);
    for (const count of frames) expect(Number.isInteger(Math.round(count * 1e6) / 1e6)).toBe(true);
    expect(plan.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0)).toBeCloseTo(30, 5);
    // The request reached the model with the node's rules and a JSON schema to answer in.
    const request = server.requests[0]!.body as { messages: { role: string; content: string }[]; response_format?: { type: string } };
    expect(request.messages[0]!.content).toContain('Never put the request itself on screen');
    expect(request.messages.at(-1)!.content).toContain('Explain how a heat pump works');
    expect(request.response_format?.type).toBe('json_schema');
  });

  it('drops a figure nobody stated and an action button nobody asked for', async () => {
    const { planner } = await plannerAnswering({ object: HEAT_PUMP });
    const plan = await planner.plan({ prompt: 'Explain how a heat pump works. It delivers 3x the heat per unit of electricity.', durationSeconds: 30, multiScene: true, fps: 30, language: 'en' });
    const stats = plan.scenes.filter((scene) => scene.kind === 'stat');
    expect(stats.map((scene) => scene.settings.value)).toEqual([3]);
    expect(plan.scenes.at(-1)!.settings).toEqual({ message: 'Efficient heat from thin air' });
  });

  it('keeps the action when the prompt names one', async () => {
    const { planner } = await plannerAnswering({ object: HEAT_PUMP });
    const plan = await planner.plan({ prompt: 'Explain how a heat pump works and tell people to visit heatpumps.example', durationSeconds: 30, multiScene: true, fps: 30, language: 'en' });
    expect(plan.scenes.at(-1)!.settings).toMatchObject({ action: 'Learn more' });
  });

  it('places every fixed chart from a CSV once, even when the model forgets it', async () => {
    const { planner } = await plannerAnswering({ object: { title: 'Sales by region', scenes: [HEAT_PUMP.scenes[0], HEAT_PUMP.scenes[4]] } });
    const dir = mkdtempSync(path.join(tmpdir(), 'service-model-planner-'));
    writeFileSync(path.join(dir, 'sales.csv'), 'Quarter,North,South\nQ1,10,12\nQ2,14,13\nQ3,20,15\n');
    const document = await readDocument({ field: 'documents[0]', path: path.join(dir, 'sales.csv'), mimeType: 'text/csv', fileName: 'sales.csv' });
    rmSync(dir, { recursive: true, force: true });
    const plan = await planner.plan({
      prompt: 'Which region grew fastest?',
      durationSeconds: 30,
      multiScene: true,
      fps: 30,
      language: 'en',
      materials: { images: [], documents: [document] },
    });
    const charts = plan.scenes.filter((scene) => scene.kind === 'chart');
    expect(charts.length).toBeGreaterThan(0);
    // Exactly the cells, with their source.
    expect(charts[0]!.settings).toMatchObject({ labels: ['Q1', 'Q2', 'Q3'] });
    expect(JSON.stringify(charts[0]!.settings)).toContain('sales.csv');
    expect(plan.scenes.at(-1)!.role).toBe('close');
    expect(plan.scenes.at(-1)!.kind).toBe('cta');
  });

  it('tells the model what it computed from the cells, and keeps a computed figure with its cells while dropping an invented one', async () => {
    const answer: ModelPlan = {
      title: 'Sales by region',
      scenes: [
        { kind: 'title', title: 'Sales by region', narration: 'Three regions, three quarters.', seconds: 5 },
        { kind: 'stat', value: 78, prefix: '+', suffix: '%', label: 'West grew fastest, Q1 to Q3', narration: 'West grew fastest, up 78 percent.', seconds: 6 },
        { kind: 'stat', value: 95, prefix: '', suffix: '%', label: 'Customer satisfaction', narration: 'Ninety-five percent are happy.', seconds: 5 },
        { kind: 'kinetic', text: 'West leads the growth', narration: 'West leads.', seconds: 5 },
      ],
    };
    const { planner, server } = await plannerAnswering({ object: answer });
    const dir = mkdtempSync(path.join(tmpdir(), 'service-model-planner-'));
    writeFileSync(path.join(dir, 'sales.csv'), 'Quarter,North,South,West\nQ1,120,200,90\nQ2,150,210,110\nQ3,190,205,160\n');
    const document = await readDocument({ field: 'documents[0]', path: path.join(dir, 'sales.csv'), mimeType: 'text/csv', fileName: 'sales.csv' });
    rmSync(dir, { recursive: true, force: true });
    const plan = await planner.plan({
      prompt: 'Quarterly sales by region are attached. Which region grew fastest this year?',
      durationSeconds: 30,
      multiScene: true,
      fps: 30,
      language: 'en',
      materials: { images: [], documents: [document] },
    });
    const prompt = (server.requests[0]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(prompt).toContain('Computed from the cells of sales.csv');
    expect(prompt).toContain("Answer to the request's question: West grew fastest: from 90 to 160, up 78 percent.");
    expect(prompt).toContain('West: Q1 90 → Q3 160, change +70, +77.8% [sales.csv, column West, rows 1, 3]');
    const stats = plan.scenes.filter((scene) => scene.kind === 'stat');
    expect(stats.map((scene) => scene.settings.value)).toEqual([78]);
    expect(stats[0]!.settings).toMatchObject({
      source: 'Source: sales.csv, rows 1, 3',
      sourceRef: { field: 'documents[0]', fileName: 'sales.csv', labelColumn: 'Quarter', valueColumn: 'West', rows: [1, 3] },
    });
  });

  it('a single-scene model gets one scene without narration', async () => {
    const { planner } = await plannerAnswering({ object: HEAT_PUMP });
    const plan = await planner.plan({ prompt: 'Explain how a heat pump works', durationSeconds: 15, multiScene: false, fps: 30, language: 'en' });
    expect(plan.scenes).toHaveLength(1);
    expect(plan.scenes[0]!.narration).toBe('');
    expect(plan.scenes[0]!.durationSeconds).toBeCloseTo(15, 5);
  });

  it('an answer that is not a plan fails as invalid_output', async () => {
    const { planner } = await plannerAnswering({ raw: '{"title": "x"' }, { raw: 'I cannot help with that.' });
    const error = await planner.plan({ prompt: 'Explain how a heat pump works', durationSeconds: 30, multiScene: true, fps: 30, language: 'en' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LanguageModelError);
    expect((error as LanguageModelError).kind).toBe('invalid_output');
  });
});

describe('ModelPlanner keeps the request\'s production words off the screen, whoever wrote them', () => {
  it('strips "Vertical teaser:", "for TikTok", "please" and "no voiceover" from what the model wrote, and drops a scene that said nothing else', () => {
    const request = { prompt: "Make a vertical teaser for my bakery's new sourdough, for TikTok. It ferments for 48 hours.", durationSeconds: 12, multiScene: true, fps: 30, language: 'en' };
    const plan = finishModelPlan(
      {
        title: 'Vertical teaser: Slow sourdough',
        scenes: [
          { kind: 'title', title: 'Vertical teaser: Slow sourdough', subtitle: 'A 9:16 video for TikTok', narration: 'Our new sourdough takes its time.', seconds: 3 },
          { kind: 'bullets', heading: 'Why it tastes better', items: ['Fermented for 48 hours', 'No voiceover, just music', 'Bloom for 30 seconds'], narration: 'It ferments for forty-eight hours.', seconds: 4 },
          { kind: 'kinetic', text: 'Vertical video for Instagram Reels', narration: '', seconds: 3 },
          { kind: 'cta', message: 'Fresh every morning, please', narration: 'Come by.', seconds: 3 },
        ],
      },
      { request, fixed: [], targetSeconds: 12 },
    );
    expect(plan.title).toBe('Slow sourdough');
    expect(plan.scenes.map((scene) => scene.kind)).toEqual(['title', 'bullets', 'cta']);
    expect(plan.scenes[0]!.settings).toEqual({ title: 'Slow sourdough' });
    expect(plan.scenes[1]!.settings.items).toEqual(['Fermented for 48 hours', 'Bloom for 30 seconds']);
    expect(plan.scenes[2]!.settings).toEqual({ message: 'Fresh every morning' });
    // Each change is named on the job.
    expect(plan.warnings?.map((warning) => warning.message)).toEqual([
      'Changed scene 1 (title "Vertical teaser: Slow sourdough"): "Vertical teaser: Slow sourdough" reads "Slow sourdough" on screen, without the request\'s production words. "A 9:16 video for TikTok" is left off the screen: it only repeats the request\'s production words.',
      'Changed scene 2 (bullets "Why it tastes better"): "No voiceover, just music" is left off the screen: it only repeats the request\'s production words.',
      'Left out scene 3 (kinetic "Vertical video for Instagram Reels"): its main line "Vertical video for Instagram Reels" only repeats the request\'s production words.',
      'Changed scene 4 (cta "Fresh every morning, please"): "Fresh every morning, please" reads "Fresh every morning" on screen, without the request\'s production words.',
    ]);
  });
});

describe('film shots (ai_video "auto")', () => {
  const FILMED: ModelPlan = {
    title: 'A morning at the bakery',
    scenes: [
      { kind: 'kinetic', text: 'Bread before sunrise', narration: 'The first loaves go in at four.', seconds: 5, film: true },
      { kind: 'bullets', heading: 'What goes in', items: ['Flour and water', 'Salt and time'], narration: 'Flour, water, salt and time.', seconds: 6, film: true },
      { kind: 'title', title: 'Fresh every day', narration: 'Fresh every day.', seconds: 4 },
    ],
  };

  it('asks for film marks only when allowed, and keeps them only on moments with a line to caption', async () => {
    const { planner, server } = await plannerAnswering({ object: FILMED }, { object: FILMED });
    const allowed = await planner.plan({ prompt: 'A morning at our bakery.', durationSeconds: 15, multiScene: true, fps: 30, language: 'en', filmShots: true });
    expect(JSON.stringify(server.requests[0]!.body)).toContain('Film shots: mark a scene');
    expect(allowed.scenes.map((scene) => scene.film ?? false)).toEqual([true, false, false]);
    expect(footageScenes(allowed.scenes, 'auto').map((scene) => scene.kind)).toEqual(['footage', 'bullets', 'title']);

    const offered = await planner.plan({ prompt: 'A morning at our bakery.', durationSeconds: 15, multiScene: true, fps: 30, language: 'en' });
    expect(JSON.stringify(server.requests[1]!.body)).not.toContain('Film shots: mark a scene');
    expect(offered.scenes.some((scene) => scene.film)).toBe(false);
    expect(footageScenes(offered.scenes, 'auto').some((scene) => scene.kind === 'footage')).toBe(false);
  });

  it('lets the scene limit grow with the length: a 120 s plan may have 24 scenes, and the prompt asks for about 20', async () => {
    const many: ModelPlan = { title: 'The history of flight', scenes: Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? { kind: 'kinetic' as const, text: `Moment ${i + 1}`, narration: `Moment number ${i + 1}.`, seconds: 6 } : { kind: 'title' as const, title: `Moment ${i + 1}`, narration: `Moment number ${i + 1}.`, seconds: 6 })) };
    const { planner, server } = await plannerAnswering({ object: many });
    const plan = await planner.plan({ prompt: 'A 120 second history of flight', durationSeconds: 120, multiScene: true, fps: 30, language: 'en' });
    expect(plan.scenes).toHaveLength(20);
    const body = server.requests[0]!.body as { messages: { content: string }[]; response_format?: { json_schema?: { schema?: { properties?: { scenes?: { maxItems?: number } } } } } };
    expect(body.messages.at(-1)!.content).toContain('Target length: 120 seconds (set by the caller: keep to it whatever the request says), about 20 scenes (at most 24;');
    expect(body.response_format?.json_schema?.schema?.properties?.scenes?.maxItems).toBe(24);
  });

  it('keeps a scene count the model read in the request: a plan that misses it is asked for again with what it missed', async () => {
    const reading = { language: 'de', scenes: 3 };
    const five = { ...HEAT_PUMP, request: reading, scenes: HEAT_PUMP.scenes.filter((scene) => scene.kind !== 'stat' || scene.value === 3) };
    const three = { ...HEAT_PUMP, request: reading, scenes: [HEAT_PUMP.scenes[0]!, HEAT_PUMP.scenes[1]!, HEAT_PUMP.scenes[4]!] };
    const { planner, server } = await plannerAnswering({ object: five }, { object: three });
    const plan = await planner.plan({ prompt: 'Bitte nur drei Bilder: wie eine Wärmepumpe funktioniert', durationSeconds: 30, multiScene: true, fps: 30, language: 'de' });
    expect(plan.scenes).toHaveLength(3);
    const asked = (index: number) => (server.requests[index]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(asked(0)).toContain('or exactly as many as the request asks for');
    expect(asked(1)).toContain('the request asks for exactly 3 scenes; your plan had 4.');
    // The model is shown its own last plan, so it can keep what it had while mending what broke.
    expect(asked(1)).toContain("Your last plan:\n{");
    expect(asked(1)).toContain(JSON.stringify(HEAT_PUMP.scenes[0]!.narration));
  });

  it("falls back on the node's patterns for a scene count when the model's answer reads nothing", async () => {
    const five = { ...HEAT_PUMP, scenes: HEAT_PUMP.scenes.filter((scene) => scene.kind !== 'stat' || scene.value === 3) };
    const three = { ...HEAT_PUMP, scenes: [HEAT_PUMP.scenes[0]!, HEAT_PUMP.scenes[1]!, HEAT_PUMP.scenes[4]!] };
    const { planner, server } = await plannerAnswering({ object: five }, { object: three });
    const plan = await planner.plan({ prompt: 'Erkläre in drei Szenen, wie eine Wärmepumpe funktioniert', durationSeconds: 30, multiScene: true, fps: 30, language: 'de' });
    expect(plan.scenes).toHaveLength(3);
    expect((server.requests[1]!.body as { messages: { content: string }[] }).messages.at(-1)!.content).toContain('the request asks for exactly 3 scenes; your plan had 4.');
  });

  it('cuts a plan that keeps too many scenes after the second ask to the stated count, keeping the close', async () => {
    const { planner } = await plannerAnswering({ object: HEAT_PUMP }, { object: HEAT_PUMP });
    const plan = await planner.plan({ prompt: 'Explain in 3 scenes how a heat pump works. It delivers 3x the heat per unit of electricity.', durationSeconds: 30, multiScene: true, fps: 30, language: 'en' });
    expect(plan.scenes.map((scene) => scene.kind)).toEqual(['title', 'steps', 'cta']);
  });

  it('asks for every counted thing on screen ("5 tips"), and asks again when the plan shows fewer', async () => {
    const tips = (n: number): ModelPlan => ({ title: 'Better sleep', scenes: [{ kind: 'title', title: 'Better sleep', narration: 'Sleep better tonight.', seconds: 4 }, { kind: 'checklist', heading: 'Tonight', items: ['Dark room', 'Cool air', 'No screens', 'Same bedtime', 'No late coffee'].slice(0, n), narration: 'Here is how.', seconds: 10 }, { kind: 'kinetic', text: 'Sleep well', narration: 'Sleep well.', seconds: 4 }] });
    const { planner, server } = await plannerAnswering({ object: tips(3) }, { object: tips(5) });
    const plan = await planner.plan({ prompt: 'Square Instagram post video: 5 tips for better sleep', durationSeconds: 30, multiScene: true, fps: 30, language: 'en' });
    expect(plan.scenes[1]!.settings.items).toHaveLength(5);
    const asked = (index: number) => (server.requests[index]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(asked(1)).toContain('the request counts 5 tips; your plan shows 3 of them');
  });

  it('gives the model the answer computed from a wide table (periods as columns) with the series across the quarters', async () => {
    const files = documentFiles();
    try {
      const wide = await files.read('csv', 'Product line,Q1 revenue ($k),Q2 revenue ($k),Q3 revenue ($k)\nAnalytics,800,1100,1400\nStorage,1200,1300,1350\nSupport,900,880,860\n', 'q3.csv');
      const { planner, server } = await plannerAnswering({ object: { title: 'Growth by product line', scenes: [{ kind: 'material', material: 0, narration: 'Analytics grew fastest.', seconds: 6 }] } });
      await planner.plan({ prompt: 'Which product line grew fastest?', durationSeconds: 20, multiScene: true, fps: 30, language: 'en', materials: { images: [], documents: [wide] } });
      const asked = (server.requests[0]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
      expect(asked).toContain("Answer to the request's question: Analytics grew fastest: from $800,000 to $1.4 million, up 75 percent.");
      expect(asked).not.toMatch(/\d: chart "Q1 revenue"/);
      expect(asked).toMatch(/\d: chart "Analytics: revenue"/);
      expect(asked).toMatch(/\d: chart "Revenue by product line, Q3"/);
    } finally {
      files.remove();
    }
  });

  it('shows the attached images with their context to a model that takes images, in order, and lists them to one that does not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plan-images-'));
    try {
      const imageFiles: Record<string, string> = {};
      for (const [index, color] of ['#2255cc', '#cc5522'].entries()) {
        imageFiles[`image-${index}`] = path.join(dir, `image-${index}.webp`);
        await sharp({ create: { width: 1600, height: 1000, channels: 3, background: color } }).webp().toFile(imageFiles[`image-${index}`]!);
      }
      const materials = {
        images: [
          { name: 'image-0', field: 'images[0]', role: 'hero' as const, context: 'home screen', width: 1600, height: 1000 },
          { name: 'image-1', field: 'images[1]', role: 'gallery' as const, context: 'editor with tags', width: 1600, height: 1000 },
        ],
        documents: [],
        imageFiles,
      };
      const tour: ModelPlan = { title: 'A tour of Notely', scenes: [{ kind: 'title', title: 'Notely', narration: 'Meet Notely.', seconds: 4 }, { kind: 'material', material: 0, narration: 'The home screen lists your notes.', seconds: 5 }] };
      const prompt = 'Product tour of our note app using the screenshots provided in order';

      const server = await startFakeOpenAIServer();
      servers.push(server);
      server.enqueue({ object: tour }, { object: tour });
      const seeing = await createLanguageModel({ provider: 'openai-compatible', model: 'qwen2.5-vl-72b', baseUrl: server.url, apiKey: undefined }, { maxRetries: 0, acceptsImages: true });
      await new ModelPlanner(seeing).plan({ prompt, durationSeconds: 20, multiScene: true, fps: 30, language: 'en', materials });
      const content = (server.requests[0]!.body as { messages: { role: string; content: unknown }[] }).messages.at(-1)!.content as { type: string; text?: string; image_url?: { url: string } }[];
      expect(content.map((part) => part.type)).toEqual(['text', 'image_url', 'image_url']);
      expect(content[0]!.text).toContain('1. image-0 (hero, 1600x1000): "home screen"');
      expect(content[0]!.text).toContain('2. image-1 (gallery, 1600x1000): "editor with tags"');
      expect(content[0]!.text).toContain('the first 2 follow this text as pictures');
      expect(content[1]!.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
      // The pictures are sent small: 1024 px on the longer side.
      const sent = await sharp(Buffer.from(content[1]!.image_url!.url.split(',')[1]!, 'base64')).metadata();
      expect([sent.width, sent.height]).toEqual([1024, 640]);

      const blind = await createLanguageModel({ provider: 'openai-compatible', model: 'qwen2.5-coder:32b', baseUrl: server.url, apiKey: undefined }, { maxRetries: 0, acceptsImages: false });
      await new ModelPlanner(blind).plan({ prompt, durationSeconds: 20, multiScene: true, fps: 30, language: 'en', materials });
      const text = (server.requests[1]!.body as { messages: { content: unknown }[] }).messages.at(-1)!.content;
      expect(typeof text).toBe('string');
      expect(text).toContain('1. image-0 (hero, 1600x1000): "home screen"');
      expect(text).not.toContain('follow this text as pictures');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps public facts the model lists as general (a year on a history timeline, a widely published figure), checks the basis, and drops figures nobody stated', async () => {
    const history: ModelPlan = {
      title: 'The history of flight',
      scenes: [
        { kind: 'timeline', title: 'Milestones', events: [{ when: '1903', text: 'First powered flight' }, { when: '1969', text: 'Humans land on the Moon' }], narration: 'In 1903 the Wright brothers flew.', seconds: 8, facts: [{ text: 'The Wright brothers flew the first powered flight in 1903', basis: 'general' }, { text: 'Apollo 11 landed on the Moon in 1969', basis: 'general' }] },
        { kind: 'stat', value: 4.5, prefix: '', suffix: 'B', label: 'airline passengers a year', narration: 'Today airlines carry four and a half billion passengers a year.', seconds: 5, facts: [{ text: 'Airlines carried about 4.5 billion passengers in 2019', basis: 'general' }] },
        { kind: 'stat', value: 12000, prefix: '', suffix: '', label: 'passengers on our airline', narration: 'We flew twelve thousand people.', seconds: 5, facts: [{ text: 'Our airline flew 12,000 passengers last year', basis: 'general' }] },
        { kind: 'stat', value: 77, prefix: '', suffix: '%', label: 'on time', narration: 'Mostly on time.', seconds: 5 },
        { kind: 'kinetic', text: 'Keep looking up', narration: 'Keep looking up.', seconds: 4 },
      ],
    };
    const { planner, server } = await plannerAnswering({ object: history });
    const plan = await planner.plan({ prompt: 'A history of flight for our airline, which flew 12,000 passengers last year', durationSeconds: 30, multiScene: true, fps: 30, language: 'en' });
    expect((server.requests[0]!.body as { messages: { content: string }[] }).messages[0]!.content).toContain('Well-established public facts');
    // Three counters in a row break the variety rule: the middle one is shown as a big number, its content whole, and the job says so.
    expect(plan.scenes.map((scene) => scene.kind)).toEqual(['timeline', 'stat', 'big-number', 'kinetic']);
    expect(plan.warnings?.find((warning) => warning.message.startsWith('Changed scene 3 (stat "passengers on our airline"): shown as a big number'))).toBeDefined();
    expect(plan.scenes[0]!.settings.events).toEqual([{ when: '1903', text: 'First powered flight' }, { when: '1969', text: 'Humans land on the Moon' }]);
    expect(plan.scenes[0]!.facts).toEqual([
      { text: 'The Wright brothers flew the first powered flight in 1903', basis: 'general' },
      { text: 'Apollo 11 landed on the Moon in 1969', basis: 'general' },
    ]);
    expect(plan.scenes[1]!.facts).toEqual([{ text: 'Airlines carried about 4.5 billion passengers in 2019', basis: 'general' }]);
    // The requester's own figure is the request's, whatever the model called it; a figure nobody stated or listed is dropped.
    expect(plan.scenes[2]!.facts).toEqual([{ text: 'Our airline flew 12,000 passengers last year', basis: 'request' }]);
    expect(plan.scenes.some((scene) => scene.settings.value === 77)).toBe(false);
  });

  it('says how planning goes while a streaming model writes: "Planning with <model>: N tokens so far"', async () => {
    const { planner, server } = await plannerAnswering({ object: HEAT_PUMP });
    const details: string[] = [];
    await planner.plan({ prompt: 'Explain how a heat pump works. It delivers 3x the heat per unit of electricity.', durationSeconds: 30, multiScene: true, fps: 30, language: 'en' }, undefined, (detail) => details.push(detail));
    expect((server.requests[0]!.body as { stream?: boolean }).stream).toBe(true);
    expect(details[0]).toBe('Planning with openai-compatible:qwen2.5-coder:32b: 25 tokens so far');
    expect(details.length).toBeGreaterThan(2);
  });
});

describe('statedNumbers', () => {
  it('reads numbers as the request\'s languages write them, both ways where a number reads two', () => {
    expect([...statedNumbers('circa 50.000 spettatori')]).toEqual([50000, 50]);
    expect([...statedNumbers('11 000 litres')]).toEqual([11000]);
    expect([...statedNumbers('4.6 billion and 1,200 users')]).toEqual([4.6, 1200]);
    expect([...statedNumbers('3,5 Liter')]).toEqual([3.5, 35]);
    expect([...statedNumbers('Q1 120, Q2 135')]).toEqual([1, 120, 2, 135]);
  });

  it('reads figures written short for thousands, millions and billions, and never a unit that starts alike', () => {
    expect([...statedNumbers('(Jan 3k, Feb 5k)')]).toEqual([3, 3000, 5, 5000]);
    expect([...statedNumbers('1.2M downloads and $4bn')]).toEqual([1.2, 1200000, 4, 4000000000]);
    expect([...statedNumbers('a 5 km run, 12 kg')]).toEqual([5, 12]);
  });
});

describe('countProblem', () => {
  const flow = (labels: string[]) => ({ kind: 'flow' as const, title: 'Steps', shape: 'line' as const, nodes: labels.map((label) => ({ label })), narration: '', seconds: 5 });
  const plan = (...scenes: ModelPlan['scenes']): ModelPlan => ({ title: 'A safe lift', scenes });
  const close = { kind: 'kinetic' as const, text: 'Lift smart', narration: '', seconds: 3 };

  it('counts a list split over scenes of one kind ("steps 1 to 3", "steps 4 and 5") as all of them', () => {
    expect(countProblem(plan(close, flow(['Plan', 'Stand close', 'Bend your knees']), flow(['Grip', 'Lift with your legs']), close), { items: { count: 5, noun: 'steps' } })).toBeUndefined();
  });

  it('says how many it shows when the plan shows fewer', () => {
    expect(countProblem(plan(close, flow(['Plan', 'Stand close', 'Bend your knees']), close), { items: { count: 5, noun: 'steps' } })).toBe('the request counts 5 steps; your plan shows 3 of them. Show all 5.');
  });
});

describe('computed figures', () => {
  const request = { prompt: 'Our EV uses 17 kWh at 0.30 per kWh; the petrol car uses 6.5 litres at 1.80 per litre.', durationSeconds: 12, multiScene: true, fps: 30, language: 'en' };
  const stats = (facts: { text: string; basis: 'computed'; arithmetic: string }[]): ModelPlan => ({
    title: 'EV vs petrol',
    scenes: [
      { kind: 'stats', title: 'Per 100 km', stats: [{ value: 5.1, prefix: '', suffix: '', label: 'EV' }, { value: 11.7, prefix: '', suffix: '', label: 'Petrol' }], narration: 'The EV costs 5.10, petrol 11.70.', seconds: 6, facts: facts.slice(0, 2) },
      { kind: 'stat', value: 56, prefix: '', suffix: '%', label: 'lower running cost', narration: 'That is 56 percent less.', seconds: 6, facts: facts.slice(2) },
    ],
  });
  const SUMS = [
    { text: 'The EV costs 5.10 per 100 km', basis: 'computed' as const, arithmetic: '17 * 0.30 = 5.10' },
    { text: 'Petrol costs 11.70 per 100 km', basis: 'computed' as const, arithmetic: '6.5 * 1.80 = 11.70' },
    { text: 'The EV costs about 56% less', basis: 'computed' as const, arithmetic: '(11.70 - 5.10) / 11.70 * 100 = 56.4' },
  ];

  it('keeps figures whose sums check, a sum building on another sum, and a result shown rounded', () => {
    const plan = finishModelPlan(stats(SUMS), { request, fixed: [], targetSeconds: 12 });
    expect(plan.warnings).toBeUndefined();
    expect(plan.scenes.map((scene) => scene.kind)).toEqual(['stat-grid', 'stat']);
    expect(plan.scenes[1]!.facts).toEqual([{ text: 'The EV costs about 56% less', basis: 'computed', arithmetic: '(11.70 - 5.10) / 11.70 * 100 = 56.4' }]);
  });

  it('names the sum that does not check and the scene it takes out', () => {
    const wrong = [...SUMS.slice(0, 2), { ...SUMS[2]!, arithmetic: '(11.70 - 5.10) / 11.70 * 100 = 66' }];
    const plan = finishModelPlan(stats(wrong), { request, fixed: [], targetSeconds: 12 });
    expect(plan.scenes.map((scene) => scene.kind)).toEqual(['stat-grid']);
    expect(plan.warnings).toEqual([
      { code: 'plan_scene_dropped', message: expect.stringMatching(/^Left out scene 2 \(stat "lower running cost"\): its figure 56% is not stated .* The sum behind "The EV costs about 56% less" \(\(11\.70 - 5\.10\) \/ 11\.70 \* 100 = 66\) does not check: \(11\.70 - 5\.10\) \/ 11\.70 \* 100 is 56\.4103, not 66\.$/) },
    ]);
  });
});

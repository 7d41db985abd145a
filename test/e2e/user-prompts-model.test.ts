// Thirteen requests written the way people write them (instructions, four languages, a CSV with a
// question, screenshots), each run as a whole job on a node whose language models are real local
// HTTP servers speaking the Anthropic Messages protocol (the node's model: model-5 plans) and the
// OpenAI Chat Completions protocol (the premium model: model-6 plans with structured outputs, writes
// scene code that a repair round fixes, and critiques the frames through tool calls). Each MP4 is
// rendered and its frames checked; each plan is read back from the job.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelPlan } from '../../src/pipeline/providers/llm/model-planner.js';
import type { SceneAuthoring } from '../../src/pipeline/stages/scene-authoring.js';
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeAnswer, type FakeModelServer } from '../helpers/fake-model-servers.js';
import { SALES_CSV, USER_PROMPTS } from '../fixtures/user-prompts.js';
import { startE2eNode, type E2eNode } from './e2e-node.js';


interface Case {
  prompt: string;
  /** The narration language the node should detect. */
  language: string;
  /** What the model answers (a capable model's plan, with the slips real models make). */
  plan: ModelPlan;
  dimensions?: { width: number; height: number };
  attach?: 'csv' | 'screenshots';
  /** Texts the node must keep off the screen although the model wrote them. */
  dropped?: RegExp;
  /** The closing button the prompt asked for. */
  action?: string;
  /** Whether the prompt turned the narration off. */
  silent?: boolean;
  /** The video's length, seconds. @default 20 */
  duration?: number;
}

const say = (narration: string, seconds: number) => ({ narration, seconds });

const CASES: Case[] = [
  {
    prompt: "Make a vertical teaser for my bakery's new sourdough. It ferments for 48 hours and is baked every morning.",
    language: 'en',
    dimensions: { width: 144, height: 256 },
    // The model slips the request's words into its title: the node takes them off.
    dropped: /vertical|teaser/i,
    plan: {
      title: 'Vertical teaser: Slow sourdough',
      scenes: [
        { kind: 'title', title: 'Vertical teaser: Slow sourdough', subtitle: 'Fresh every morning', picture: 'loaf of bread', ...say('Our new sourdough takes its time.', 3) },
        { kind: 'flow', title: 'Made slowly', shape: 'line', nodes: [{ label: 'Feed the starter', picture: 'glass jar' }, { label: 'Rest two days', picture: 'clock' }, { label: 'Bake at dawn', picture: 'bread' }], ...say('We feed the starter, let the dough rest, and bake at dawn.', 3) },
        { kind: 'stat', value: 48, prefix: '', suffix: ' h', label: 'Fermented for 48 hours', picture: 'alarm clock', ...say('It ferments for forty-eight hours.', 3) },
      ],
    },
  },
  {
    prompt: 'A 4:5 ad for a trail running shoe with a grippy sole that weighs 280 g, please, just music',
    language: 'en',
    silent: true,
    dimensions: { width: 144, height: 180 },
    plan: {
      title: 'Light on the trail',
      scenes: [
        { kind: 'hub', title: 'Grip that holds', hub: { label: 'Trail shoe', picture: 'hiking boot' }, spokes: [{ label: 'Grippy sole', picture: 'footprints' }, { label: 'Light build', picture: 'feather' }], ...say('', 3) },
        { kind: 'stat', value: 280, prefix: '', suffix: ' g', label: 'Light on every climb', picture: 'feather', ...say('', 3) },
        { kind: 'kinetic', text: 'Light on the trail', picture: 'running shoe', ...say('', 3) },
      ],
    },
  },
  {
    prompt: 'Onboarding video for new hires at Acme: day one, tools, who to ask',
    language: 'en',
    plan: {
      title: 'Your first day at Acme',
      scenes: [
        { kind: 'flow', title: 'Your first day', shape: 'line', nodes: [{ label: 'Pick up your badge', picture: 'identification card' }, { label: 'Set up your laptop', picture: 'laptop' }, { label: 'Meet your buddy', picture: 'handshake' }], ...say('Welcome to Acme. Pick up your badge, set up your laptop, and meet your buddy.', 4) },
        { kind: 'hub', title: 'Your everyday tools', hub: { label: 'Your laptop', picture: 'laptop' }, spokes: [{ label: 'Email', picture: 'envelope' }, { label: 'Chat', picture: 'speech balloon' }, { label: 'Calendar', picture: 'calendar' }], ...say('Email, chat and your calendar all live on your laptop.', 3) },
        { kind: 'checklist', heading: 'Who to ask', items: ['Your manager', 'Your buddy', 'The IT desk'], picture: 'person raising hand', ...say('Questions? Ask your manager, your buddy, or the IT desk.', 3) },
      ],
    },
  },
  {
    prompt: 'Create a product tour using the screenshots provided in order',
    language: 'en',
    attach: 'screenshots',
    plan: {
      title: 'A tour of the app',
      scenes: [
        { kind: 'material', material: 0, ...say('Everything starts on the home screen.', 3) },
        { kind: 'material', material: 1, ...say('Your projects sit side by side.', 3) },
        { kind: 'material', material: 2, ...say('And sharing takes one click.', 3) },
      ],
    },
  },
  {
    prompt: 'Quarterly sales by region are attached. Which region grew fastest this year?',
    language: 'en',
    attach: 'csv',
    // The charts made from the table are narrated too.
    duration: 30,
    plan: {
      title: 'West grew fastest',
      scenes: [
        { kind: 'title', title: 'Which region grew fastest?', picture: 'chart increasing', ...say('Three regions, three quarters. Which one grew fastest?', 3) },
        { kind: 'material', material: 0, ...say('North rose from 100 to 150, South barely moved, and West climbed from 80 to 160.', 4) },
        // A figure the node computed from the cells (West: 80 → 160), not one the CSV states.
        { kind: 'stat', value: 100, prefix: '+', suffix: '%', label: 'West grew fastest, Q1 to Q3', picture: 'trophy', ...say('West doubled, from 80 to 160: the fastest growth of the three.', 3) },
      ],
    },
  },
  {
    prompt: 'History of the bicycle, vertical video for TikTok',
    language: 'en',
    dimensions: { width: 144, height: 256 },
    // The model invents a figure the request never stated: the node drops that scene.
    dropped: /billion/i,
    plan: {
      title: 'The bicycle through time',
      scenes: [
        { kind: 'title', title: 'The bicycle through time', picture: 'bicycle', ...say('Two wheels, two centuries.', 3) },
        { kind: 'timeline', title: 'Milestones', events: [{ when: 'Early', text: 'The running machine' }, { when: 'Later', text: 'Pedals and cranks' }, { when: 'Today', text: 'Light frames, gears' }], ...say('From a running machine, to pedals, to light frames with gears.', 4) },
        { kind: 'stat', value: 1, prefix: '', suffix: ' bn', label: 'Over 1 billion bicycles worldwide', ...say('There are over a billion bicycles in the world.', 3) },
      ],
    },
  },
  {
    prompt: 'Make a 30 second video about our coffee subscription. Beans ship every two weeks, you pick the roast and you can pause anytime. Sign up at beans.example.com',
    language: 'en',
    action: 'Sign up at beans.example.com',
    plan: {
      title: 'Coffee on your schedule',
      scenes: [
        { kind: 'kinetic', text: 'Coffee on your schedule', picture: 'hot beverage', ...say('Fresh beans, on your schedule.', 3) },
        { kind: 'flow', title: 'How it works', shape: 'cycle', nodes: [{ label: 'You pick the roast', picture: 'coffee beans' }, { label: 'Beans ship every two weeks', picture: 'package' }, { label: 'Pause anytime', picture: 'pause button' }], ...say('You pick the roast, beans ship every two weeks, and you can pause anytime.', 4) },
        { kind: 'cta', message: 'Start your subscription', action: 'Sign up at beans.example.com', picture: 'coffee', ...say('Sign up at beans dot example dot com.', 3) },
      ],
    },
  },
  {
    prompt: 'Can you please create a short animated video explaining why the sky is blue? Sunlight scatters off air molecules. Blue light scatters most.',
    language: 'en',
    // The model adds a button nobody asked for: the node keeps the message, not the button.
    plan: {
      title: 'Why the sky is blue',
      scenes: [
        { kind: 'title', title: 'Why is the sky blue?', picture: 'sun', ...say('Why is the sky blue?', 3) },
        { kind: 'steps', heading: 'Scattered light', steps: ['Sunlight hits air molecules', 'The light scatters', 'Blue scatters most'], picture: 'sun behind cloud', ...say('Sunlight hits the molecules of the air and scatters. Blue light scatters most, so blue fills the sky.', 4) },
        { kind: 'cta', message: 'Look up', action: 'Learn more', picture: 'eyes', ...say('Next time, look up.', 3) },
      ],
    },
  },
  {
    prompt: 'Erkläre, wie Photosynthese funktioniert',
    language: 'de',
    plan: {
      title: 'Wie Photosynthese funktioniert',
      scenes: [
        { kind: 'title', title: 'Photosynthese', subtitle: 'Wie Pflanzen Licht nutzen', picture: 'leaf', ...say('Pflanzen machen aus Licht Nahrung.', 3) },
        { kind: 'steps', heading: 'So funktioniert es', steps: ['Blätter fangen Licht ein', 'Wasser und Kohlendioxid reagieren', 'Es entstehen Zucker und Sauerstoff'], picture: 'seedling', ...say('Die Blätter fangen Licht ein. Wasser und Kohlendioxid reagieren, und es entstehen Zucker und Sauerstoff.', 4) },
        { kind: 'flow', title: 'Licht wird zu Leben', shape: 'line', nodes: [{ label: 'Licht', picture: 'sun' }, { label: 'Wasser', picture: 'droplet' }, { label: 'Zucker', picture: 'seedling' }], ...say('So wird Licht zu Leben.', 3) },
      ],
    },
  },
  {
    prompt: 'Erstelle ein 30-Sekunden-Video für unser Café im Hochformat. Jetzt bestellen!',
    language: 'de',
    dimensions: { width: 144, height: 256 },
    action: 'Jetzt bestellen',
    plan: {
      title: 'Unser Café',
      scenes: [
        { kind: 'title', title: 'Unser Café', subtitle: 'Kaffee mit Zeit', picture: 'hot beverage', ...say('Willkommen in unserem Café.', 3) },
        { kind: 'checklist', heading: 'Frisch für Sie', items: ['Frisch geröstet', 'Mit Liebe gebrüht'], picture: 'coffee beans', ...say('Frisch geröstet und mit Liebe gebrüht.', 3) },
        { kind: 'cta', message: 'Wir freuen uns auf Sie', action: 'Jetzt bestellen', picture: 'croissant', ...say('Jetzt bestellen.', 3) },
      ],
    },
  },
  {
    prompt: 'Explique comment fonctionne la blockchain en 30 secondes',
    language: 'fr',
    plan: {
      title: 'La blockchain, simplement',
      scenes: [
        { kind: 'title', title: 'La blockchain', subtitle: 'Un registre partagé', picture: 'link', ...say('La blockchain est un registre que tout le monde partage.', 3) },
        { kind: 'flow', title: 'Comment ça marche', shape: 'line', nodes: [{ label: 'Les transactions forment un bloc', picture: 'package' }, { label: 'Le réseau le valide', picture: 'check mark' }, { label: 'Le bloc rejoint la chaîne', picture: 'link' }], ...say('Les transactions forment un bloc, le réseau le valide, puis le bloc rejoint la chaîne.', 4) },
        { kind: 'kinetic', text: 'Impossible à réécrire', picture: 'locked', ...say('Une fois écrit, personne ne peut le réécrire seul.', 3) },
      ],
    },
  },
  {
    prompt: 'Explícame cómo funciona la fotosíntesis',
    language: 'es',
    plan: {
      title: 'Cómo funciona la fotosíntesis',
      scenes: [
        { kind: 'title', title: 'La fotosíntesis', subtitle: 'Luz convertida en alimento', picture: 'leaf', ...say('Las plantas convierten la luz en alimento.', 3) },
        { kind: 'steps', heading: 'Paso a paso', steps: ['Las hojas captan la luz', 'El agua y el CO2 reaccionan', 'Se forman azúcar y oxígeno'], picture: 'herb', ...say('Las hojas captan la luz, el agua y el dióxido de carbono reaccionan, y se forman azúcar y oxígeno.', 4) },
        { kind: 'kinetic', text: 'La luz se vuelve vida', picture: 'seedling', ...say('Así la luz se vuelve vida.', 3) },
      ],
    },
  },
  {
    prompt: 'Haz un anuncio de 15 segundos para nuestra panadería, solo música. Visita panaderia.example.es',
    language: 'es',
    silent: true,
    action: 'Visita panaderia.example.es',
    plan: {
      title: 'Nuestra panadería',
      scenes: [
        { kind: 'title', title: 'Nuestra panadería', subtitle: 'Pan del día', picture: 'bread', ...say('', 3) },
        { kind: 'hub', title: 'Hecho a mano cada mañana', hub: { label: 'Panadería', picture: 'bread' }, spokes: [{ label: 'Pan', picture: 'baguette bread' }, { label: 'Croissants', picture: 'croissant' }, { label: 'Pasteles', picture: 'shortcake' }], ...say('', 3) },
        { kind: 'cta', message: 'Te esperamos', action: 'Visita panaderia.example.es', picture: 'bread', ...say('', 3) },
      ],
    },
  },
];

/** The premium (model-6) job: "Explain how a heat pump works", with scene code, a repair and a critique. */
const HEAT_PUMP_PROMPT = 'Explain how a heat pump works. It moves about 3 units of heat for each unit of electricity.';
const HEAT_PUMP: ModelPlan = {
  title: 'How a heat pump works',
  scenes: [
    { kind: 'title', title: 'How a heat pump works', subtitle: 'Moving heat instead of making it', ...say('A heat pump warms a home by moving heat, not by burning fuel.', 3) },
    { kind: 'steps', heading: 'The cycle', steps: ['Refrigerant absorbs outdoor heat', 'A compressor makes it hotter', 'Indoor coils release the heat'], ...say('Refrigerant absorbs heat outside, a compressor makes it hotter, and indoor coils release it.', 4) },
    { kind: 'stat', value: 3, prefix: '', suffix: '×', label: 'Units of heat per unit of electricity', ...say('Each unit of electricity moves about three units of heat.', 3) },
  ],
};

/** A draft that reaches for a library the scene sandbox does not allow. */
const TITLE_WITH_FRAMER = `import React from 'react';
import { motion } from 'framer-motion';
import { TitleCard } from '@kit';

export default function Scene({ theme, settings }) {
  return <motion.div><TitleCard theme={theme} title={settings.title} subtitle={settings.subtitle} /></motion.div>;
}
`;
const TITLE = `import React from 'react';
import { TitleCard } from '@kit';

export default function Scene({ theme, settings }) {
  return <TitleCard theme={theme} title={String(settings.title)} subtitle={settings.subtitle ? String(settings.subtitle) : undefined} />;
}
`;
/** A free-form layout: the steps as a column of numbered cards drawn from the canvas's layout. */
const STEP_CARDS = `import React from 'react';
import { SceneFrame, Heading, FittedText, kitColors, useLayout, useEntrance, entranceStyle } from '@kit';

export default function Scene({ theme, settings }) {
  const layout = useLayout();
  const colors = kitColors(theme);
  const steps = settings.steps.map(String);
  const headingHeight = layout.contentHeight * 0.22;
  const gap = layout.unit * 16;
  const cardHeight = (layout.contentHeight - headingHeight - gap * steps.length) / steps.length;
  return (
    <SceneFrame theme={theme} seed="steps">
      <div style={{ position: 'absolute', left: layout.margin, top: layout.margin, width: layout.contentWidth }}>
        <Heading theme={theme} text={String(settings.heading)} width={layout.contentWidth} height={headingHeight} unit={layout.unit} maxLines={1} />
        {steps.map((step, index) => <StepCard key={step} theme={theme} index={index} text={step} width={layout.contentWidth} height={cardHeight} gap={gap} colors={colors} />)}
      </div>
    </SceneFrame>
  );
}

function StepCard({ theme, index, text, width, height, gap, colors }) {
  const progress = useEntrance(theme, 8 + index * 6);
  return (
    <div style={{ marginTop: gap, height, display: 'flex', alignItems: 'center', background: colors.surface, borderRadius: height * 0.2, ...entranceStyle(theme, progress, 24) }}>
      <div style={{ width: height, textAlign: 'center' }}>
        <FittedText text={String(index + 1)} width={height * 0.6} height={height * 0.7} maxLines={1} maxFontSize={height * 0.6} family={theme.fonts.heading} weight={700} color={colors.primaryText} align="center" />
      </div>
      <FittedText text={text} width={width - height * 1.3} height={height * 0.8} maxLines={2} maxFontSize={height * 0.4} family={theme.fonts.body} color={colors.onSurface} />
    </div>
  );
}
`;
const STEP_LIST = `import React from 'react';
import { StepList } from '@kit';

export default function Scene({ theme, settings }) {
  return <StepList theme={theme} heading={String(settings.heading)} steps={settings.steps.map(String)} />;
}
`;
/** A draft that reads a setting the scene does not have: it throws while rendering. */
const STEPS_WRONG_SETTING = STEP_LIST.replace('settings.steps.map', 'settings.items.map');
const STAT = `import React from 'react';
import { StatCounter } from '@kit';

export default function Scene({ theme, settings }) {
  return <StatCounter theme={theme} value={Number(settings.value)} suffix={String(settings.suffix ?? '')} label={String(settings.label)} />;
}
`;

/** The kinds of picture a scene may show (`visual.kind`). */
const VISUAL_KINDS = ['illustration', 'icon', 'diagram', 'map', 'chart', 'image', 'mockup', 'footage', 'typography'];

/** Words that ask for the video rather than say what it is about. */
const PRODUCTION_WORDS = /(?<![\p{L}])(?:vertical|teaser|tiktok|please|bitte|por favor|voice-?over|just music|solo música|screenshots|attached|hochformat|\d+\s*:\s*\d+)(?![\p{L}])/iu;

/** The words of every text setting of a scene (not asset names or numbers). */
function textsOf(settings: unknown, key?: string): string[] {
  if (key && ['image', 'images', 'logo', 'source', 'sourceRef', 'unit', 'valueLabel', 'mode', 'icon'].includes(key)) return [];
  if (typeof settings === 'string') return [settings];
  if (Array.isArray(settings)) return settings.flatMap((item) => textsOf(item));
  if (settings && typeof settings === 'object') return Object.entries(settings).flatMap(([k, v]) => textsOf(v, k));
  return [];
}

/** A 640x400 screenshot-like PNG: a colored bar and panels. */
function screenshot(hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#f4f6fb"/><rect width="640" height="56" fill="${hue}"/><rect x="24" y="80" width="180" height="290" rx="10" fill="#dfe4ee"/><rect x="228" y="80" width="388" height="130" rx="10" fill="#ffffff" stroke="#c8cfdc"/><rect x="228" y="230" width="388" height="140" rx="10" fill="${hue}" opacity="0.35"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

let anthropic: FakeModelServer;
let openai: FakeModelServer;
let files: Server;
let base: string;
let e2e: E2eNode;

beforeAll(async () => {
  anthropic = await startFakeAnthropicServer({ apiKey: 'ak-user-prompts-1234' });
  openai = await startFakeOpenAIServer({ apiKey: 'sk-user-prompts-5678' });
  const served: Record<string, [string, Buffer | string]> = {
    '/sales.csv': ['text/csv', SALES_CSV],
    '/home.png': ['image/png', await screenshot('#2563eb')],
    '/projects.png': ['image/png', await screenshot('#16a34a')],
    '/share.png': ['image/png', await screenshot('#db2777')],
  };
  files = createServer((request, response) => {
    const file = served[request.url ?? ''];
    if (file) response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  e2e = await startE2eNode({
    config: { llm: 'anthropic:claude-haiku-4-5', llmBaseUrl: anthropic.url, llmPremium: 'openai:gpt-4.1', llmPremiumBaseUrl: openai.url },
    env: { ANTHROPIC_API_KEY: 'ak-user-prompts-1234', OPENAI_API_KEY: 'sk-user-prompts-5678' },
  });
}, 60_000);
afterAll(async () => {
  await e2e?.close();
  await anthropic?.close();
  await openai?.close();
  await new Promise((resolve) => files?.close(resolve));
});

/** The job's scenes as stored. */
function scenesOf(id: string) {
  const rows = e2e.node.ctx.db.prepare('SELECT kind, title, settings, narration, writer, source, authoring FROM scenes WHERE video_id = ? ORDER BY position').all(id) as { kind: string; title: string; settings: string; narration: string | null; writer: string; source: string; authoring: string | null }[];
  return rows.map((row) => ({ ...row, settings: JSON.parse(row.settings) as Record<string, unknown>, authoring: row.authoring ? (JSON.parse(row.authoring) as SceneAuthoring) : null }));
}

/** Three frames of the MP4: none blank, and the first and last differ (the scenes changed). */
async function expectFramesShowScenes(id: string): Promise<void> {
  const frames = await e2e.request('GET', `/v1/videos/${id}/frames?max_frames=3`);
  expect(frames.status).toBe(200);
  const images = (frames.body.frames as { data: string }[]).map((frame) => Buffer.from(frame.data, 'base64'));
  expect(images.length).toBeGreaterThanOrEqual(2);
  for (const image of images) {
    const stats = await sharp(image).stats();
    expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(8);
  }
  const [first, last] = await Promise.all([images[0]!, images.at(-1)!].map((image) => sharp(image).raw().toBuffer()));
  let differing = 0;
  for (let i = 0; i < first!.length; i++) if (Math.abs(first![i]! - last![i]!) > 24) differing++;
  expect(differing / first!.length).toBeGreaterThan(0.02);
}

/** The user turn of a recorded Anthropic Messages request. */
function userText(request: { body: any }): string {
  const content = (request.body.messages as { role: string; content: string | { type: string; text?: string }[] }[]).filter((m) => m.role === 'user').at(-1)!.content;
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}

describe('requests written the way people write them, planned by a language model', () => {
  it('takes every request from the set the no-model planner is tested on', () => {
    const set = new Set(USER_PROMPTS.map((entry) => entry.prompt));
    expect(CASES.filter((c) => !set.has(c.prompt)).map((c) => c.prompt)).toEqual([]);
    expect(new Set(CASES.map((c) => c.language))).toEqual(new Set(['en', 'de', 'fr', 'es']));
  });

  it.each(CASES)('"$prompt" becomes a video that answers it', async (c) => {
    const before = anthropic.requests.length;
    // The plan, then the pictures (asked only when the plan names one): the model picks none of the search's candidates here, so the search's picks stand.
    const pictured = JSON.stringify(c.plan).includes('"picture"');
    anthropic.enqueue({ object: c.plan }, ...(pictured ? [{ object: { choices: [] } }] : []));
    const body: Record<string, unknown> = { prompt: c.prompt, duration: c.duration ?? 20, dimensions: c.dimensions ?? { width: 256, height: 144 }, render: true };
    if (c.attach === 'csv') body.documents = [{ url: `${base}/sales.csv`, mime_type: 'text/csv', file_name: 'sales.csv' }];
    if (c.attach === 'screenshots') body.images = ['home', 'projects', 'share'].map((name) => ({ url: `${base}/${name}.png` }));
    const created = await e2e.request('POST', '/v1/videos', body);
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    // What the node changed in the plan (a line without the request's production words, a scene of an unstated figure) is named; nothing else changed.
    const planChanges = new Set(['plan_scene_changed', 'plan_scene_dropped', 'picture_not_found']);
    expect(job.warnings.filter((warning: { code: string }) => !planChanges.has(warning.code))).toEqual([]);
    if (c.dropped) expect(job.warnings.some((warning: { code: string }) => planChanges.has(warning.code))).toBe(true);

    // The model was asked once, with the request as written, the detected language and the attachments.
    // (and once more for its pictures, among the library's candidates).
    expect(anthropic.requests.length - before).toBe(pictured ? 2 : 1);
    const asked = userText(anthropic.requests.at(pictured ? -2 : -1)!);
    expect(asked).toContain(`Request: ${c.prompt}`);
    expect(asked).toContain(`Language: ${c.language}`);
    if (c.attach === 'csv') expect(asked).toMatch(/Computed from the cells[\s\S]*West[\s\S]*100/);
    if (c.attach === 'screenshots') expect(asked).toMatch(/Fixed scenes:[\s\S]*0: [\s\S]*1: [\s\S]*2: /);

    const row = e2e.node.ctx.videos.get(created.body.id)!;
    expect((JSON.parse(row.plan!) as { planner: string }).planner).toBe('model:anthropic:claude-haiku-4-5');
    const scenes = scenesOf(created.body.id);
    const shown = scenes.flatMap((scene) => textsOf(scene.settings)).join(' | ');
    // What the model wrote reaches the screen, minus what the node may not let through.
    const kept = c.plan.scenes.filter((scene) => scene.kind !== 'material' && !(c.dropped && JSON.stringify(scene).match(c.dropped)));
    for (const scene of kept) {
      const first = scene.kind === 'title' ? scene.title : scene.kind === 'kinetic' ? scene.text : scene.kind === 'steps' ? scene.steps[0] : scene.kind === 'stat' ? scene.label : undefined;
      if (first) expect(shown).toContain(first);
    }
    if (c.dropped) expect(shown).not.toMatch(c.dropped);
    // Each scene says what it shows, and at least four in five show a picture, diagram, chart, map or image.
    const visuals = (job.scenes as { visual: { kind: string; names: string[] } }[]).map((scene) => scene.visual);
    for (const visual of visuals) expect(VISUAL_KINDS).toContain(visual.kind);
    expect(visuals.filter((visual) => visual.kind === 'typography').length / visuals.length, JSON.stringify(visuals)).toBeLessThanOrEqual(0.2);
    // No request word on screen or in the script, whoever wrote it.
    const said = scenes.map((scene) => scene.narration ?? '').join(' | ');
    expect(`${shown} | ${said} | ${scenes.map((scene) => scene.title).join(' | ')}`).not.toMatch(PRODUCTION_WORDS);
    // A button only where the prompt named the action.
    const buttons = scenes.filter((scene) => scene.kind === 'cta' && scene.settings.action).map((scene) => scene.settings.action);
    expect(buttons).toEqual(c.action ? [c.action] : []);
    if (c.attach === 'screenshots') expect(scenes.filter((scene) => scene.kind.startsWith('image'))).toHaveLength(3);
    if (c.attach === 'csv') {
      expect(scenes.some((scene) => scene.kind === 'chart' && JSON.stringify(scene.settings).includes('sourceRef'))).toBe(true);
      // The computed answer stays on screen, citing the cells it came from.
      const answer = scenes.find((scene) => scene.kind === 'stat')!;
      expect(answer.settings).toMatchObject({ value: 100, prefix: '+', suffix: '%', label: 'West grew fastest, Q1 to Q3' });
      expect(answer.settings.sourceRef).toMatchObject({ fileName: 'sales.csv' });
    }
    // Narration in the request's language, or none where the prompt asked for music only.
    const narrated = scenes.filter((scene) => scene.narration);
    const options = JSON.parse(row.options) as { narration: boolean; width: number };
    expect(options.narration).toBe(!c.silent);
    if (!c.silent) expect(narrated.length).toBeGreaterThan(0);
    expect(row.width).toBe((c.dimensions ?? { width: 256 }).width);
    await expectFramesShowScenes(created.body.id);
  }, 180_000);

  it('model-6 ("Explain how a heat pump works"): the premium model plans, writes the scenes\' code, a repair round fixes its error, and it critiques the frames through tool calls', async () => {
    const before = { openai: openai.requests.length, anthropic: anthropic.requests.length };
    const answers: FakeAnswer[] = [
      { object: HEAT_PUMP },
      // Scene 1: every draft imports a library the sandbox refuses; the repair drops it; the critique approves.
      { text: TITLE_WITH_FRAMER },
      { text: TITLE_WITH_FRAMER },
      { text: `Sure — here it is:\n\`\`\`tsx\n${TITLE_WITH_FRAMER}\`\`\`` },
      { text: TITLE },
      { toolCalls: [{ name: 'approve_scene', input: { notes: 'The headline is large and centered; the subtitle reads well.' } }] },
      // Scene 2: a free-form layout and a kit list pass; a draft reading a setting the scene lacks throws while rendering.
      { text: STEP_CARDS },
      { text: STEP_LIST },
      { text: STEPS_WRONG_SETTING },
      { toolCalls: [{ name: 'revise_scene', input: { problems: ['The numbers compete with the step text; use the kit\'s list'], code: STEP_LIST } }] },
      // Scene 3.
      { text: STAT },
      { text: STAT },
      { text: STAT },
      { toolCalls: [{ name: 'approve_scene', input: { notes: 'Clear.' } }] },
    ];
    openai.enqueue(...answers);
    const created = await e2e.request('POST', '/v1/videos', { prompt: HEAT_PUMP_PROMPT, model: 'model-6', duration: 20, dimensions: { width: 256, height: 144 }, render: true });
    expect(created.status).toBe(202);
    const job = await e2e.waitFor(created.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(openai.pending()).toBe(0);
    expect(openai.requests.length - before.openai).toBe(answers.length);
    expect(anthropic.requests.length).toBe(before.anthropic);

    const requests = openai.requests.slice(before.openai).map((request) => request.body as { response_format?: { type: string }; tools?: { function: { name: string } }[]; tool_choice?: string; messages: { content: unknown }[] });
    // Structured output for the plan; tool calls for each critique, with the frames as images.
    expect(requests[0]!.response_format?.type).toBe('json_schema');
    const critiques = requests.filter((request) => request.tools);
    expect(critiques).toHaveLength(3);
    for (const critique of critiques) {
      expect(critique.tool_choice).toBe('required');
      expect(critique.tools!.map((tool) => tool.function.name).sort()).toEqual(['approve_scene', 'revise_scene']);
      expect((critique.messages.at(-1)!.content as { type: string }[]).filter((part) => part.type === 'image_url')).toHaveLength(3);
    }
    expect(JSON.stringify(requests[4]!.messages)).toContain('framer-motion');

    const scenes = scenesOf(created.body.id);
    expect(scenes.map((scene) => scene.writer)).toEqual(Array(3).fill('model:openai:gpt-4.1'));
    expect(scenes[0]).toMatchObject({ source: TITLE, authoring: { candidates: 3, passed: 0, repairs: 1, critique: 'approved' } });
    expect(scenes[1]).toMatchObject({ source: STEP_LIST, authoring: { candidates: 3, passed: 2, repairs: 0, critique: 'revised' } });
    expect(scenes[2]).toMatchObject({ source: STAT, authoring: { candidates: 3, passed: 3, critique: 'approved' } });
    await expectFramesShowScenes(created.body.id);
  }, 240_000);
});

// What a model may plan per scene (the structured output's schema) and how each planned scene
// becomes a kit scene: kind, settings and title, with the figures the node may not let through
// taken out.
import { z } from 'zod';
import type { SceneDraft } from '../embedded/material-scenes.js';
import type { SceneKind } from '../provider-types.js';

const line = (max: number) => z.string().min(1).max(max);

/** What a scene's or a part's picture shows: plain words the node searches its visual library for. */
const picture = () => line(40).optional().describe('What its picture shows, in one to three plain English words (a house, a snowflake, a running shoe)');

/** A diagram's node: a short label and its picture. */
const node = z.object({ label: line(40), picture: picture() });

/** One side of a before-and-after. */
const side = z.object({ label: line(30), points: z.array(line(50)).max(3), picture: picture() });

/** A figure or date a scene states, and where it comes from. */
const fact = z.object({
  text: line(160).describe('The fact as a short sentence with its figure or date: "The first powered flight was in 1903"'),
  basis: z.enum(['request', 'document', 'computed', 'general']).describe('request or document: stated there; computed: worked out from figures the request or documents state; general: a well-established public fact'),
  arithmetic: line(120)
    .optional()
    .describe('Only for basis computed: the sum from the stated figures to the result, as "48000 / 1200 = 40" (+ - * / and brackets)'),
});

/** What every planned scene carries besides its kind's content: its picture, the narrator's script, its share of the time and its facts. */
const SHARED = {
  picture: picture(),
  narration: z.string().max(400).describe('What the narrator says over this scene, in the requested language; empty for none'),
  // Bounds a grammar cannot hold are the node's to keep: a scene's seconds only weigh its share of the length.
  seconds: z.number().describe('How long the scene should last, 2 to 30 seconds'),
  film: z.boolean().optional().describe('Only when film shots are allowed: true when live-action film shows this moment better than graphics'),
  facts: z
    .array(fact)
    .max(6)
    .optional()
    .describe('Every figure and date this scene states, with where it comes from: the request, a document, computed from their figures, or general (a well-established public fact)'),
};

/** One kind of scene as the model plans it: the kind, its content and the shared fields, in one closed object. */
function scene<const K extends string, S extends z.ZodRawShape>(kind: K, content: S) {
  return z.object({ kind: z.literal(kind), ...content, ...SHARED });
}

/** What the model may write per scene: the kit templates' settings, with on-screen text budgets, each with the shared fields. */
const SCENE_CONTENT = [
  scene('title', { title: line(70), subtitle: line(120).optional() }),
  scene('kinetic', { text: line(80), emphasis: line(30).optional() }),
  scene('bullets', { heading: line(60), items: z.array(line(80)).min(2).max(5) }),
  scene('steps', { heading: line(60), steps: z.array(line(80)).min(2).max(5) }),
  scene('stat', { value: z.number(), prefix: z.string().max(3), suffix: z.string().max(4), label: line(80) }),
  scene('timeline', { title: line(60), events: z.array(z.object({ when: line(20), text: line(70) })).min(2).max(5) }),
  scene('comparison', {
    title: line(60),
    left: z.object({ title: line(30), points: z.array(line(60)).min(1).max(4) }),
    right: z.object({ title: line(30), points: z.array(line(60)).min(1).max(4) }),
  }),
  scene('quote', { quote: line(200), author: line(50).optional() }),
  scene('icons', { title: line(60), items: z.array(line(40)).min(3).max(6) }),
  scene('cta', { message: line(80), action: line(30).optional() }),
  scene('flow', { title: line(60), shape: z.enum(['line', 'cycle', 'branch']).describe('line: a process in order; cycle: a loop back to the start; branch: one cause, several outcomes'), nodes: z.array(node).min(2).max(6) }),
  scene('hub', { title: line(60), hub: node, spokes: z.array(node).min(2).max(6) }),
  scene('stats', {
    title: line(60),
    stats: z.array(z.object({ value: z.number(), prefix: z.string().max(3), suffix: z.string().max(4), label: line(40), picture: picture() })).min(2).max(4),
  }),
  scene('pictogram', { count: z.number().int(), total: z.number().int(), label: line(80).describe('What the share is of: "of adults sleep less than 7 hours"') }),
  scene('ranking', { title: line(60), items: z.array(z.object({ label: line(30), value: z.number().optional(), picture: picture() })).min(2).max(6).describe('First place first'), unit: z.string().max(8).optional() }),
  scene('checklist', { heading: line(60), items: z.array(line(60)).min(2).max(6) }),
  scene('before_after', { title: line(60), before: side, after: side }),
  scene('map', { title: line(60), places: z.array(line(40)).min(1).max(8).describe('Country names, in the order a route visits them'), route: z.boolean().optional().describe('true when the places are stops on a journey') }),
  scene('sequence', {
    title: line(60),
    actors: z.array(node).min(2).max(4).describe('Who or what exchanges the messages, left to right: "Client", "Server"'),
    messages: z
      .array(z.object({ from: z.number().int().describe('Index of the sending actor'), to: z.number().int().describe('Index of the receiving actor'), label: line(40) }))
      .min(2)
      .max(8)
      .describe('The messages in the order they are sent'),
  }),
  scene('chart', {
    title: line(60),
    chart: z.enum(['line', 'bars']).describe('line: a series over time; bars: amounts side by side'),
    points: z.array(z.object({ label: line(20), value: z.number() })).min(2).max(12).describe('The figures in order, each stated in the request or its documents, or computed from them'),
    unit: z.string().max(8).optional(),
    callout: line(20).optional().describe('The change the chart shows, called out on it: "40×", "+38%" (stated or computed from its figures)'),
  }),
  scene('step_cards', {
    heading: line(60),
    steps: z.array(z.object({ text: line(70), picture: picture() })).min(2).max(6).describe('One card per step, each with its own picture'),
  }),
  scene('illustration', {
    title: line(60),
    parts: z.array(z.object({ label: line(30), detail: line(50).optional() })).min(2).max(6).describe('The parts of the thing in the scene\'s picture, each called out on it'),
  }),
  scene('big_number', { value: z.number(), prefix: z.string().max(3), suffix: z.string().max(4), label: line(60), context: line(80).optional().describe('A line that gives the figure its meaning: "up from 1,200 a year ago"') }),
  scene('logo', { name: line(40), tagline: line(80).optional() }).describe('The attached logo revealed with the brand name (only when a logo is attached)'),
  scene('material', { material: z.number().int().describe('Index of a fixed scene from the list given') }),
] as const;

/**
 * One scene as the model plans it: a union on `kind` whose variants each carry the shared fields.
 * (An intersection of content and shared fields is an `allOf` of two closed objects, which no
 * answer satisfies and which node-llama-cpp's grammar writes as `null`.)
 */
const plannedSceneSchema = z.discriminatedUnion('kind', SCENE_CONTENT);

/** The most scenes a plan of this length may have: twelve, or one per five seconds of a longer video (24 at 120 s). */
export function maxPlanScenes(durationSeconds: number): number {
  return Math.max(12, Math.ceil(durationSeconds / 5));
}

/**
 * What the request itself asks for, as the model reads it, whatever words and language it uses
 * ("Give me 45 seconds on…", "en tres escenas", "no voice-over"). The node follows each wish the
 * caller did not set by a field of its own.
 */
const requestReading = z.object({
  language: line(16).describe('The language the video speaks and shows, as a language code (en, de, fr, es, it): the one the request asks for, else the one it is written in'),
  seconds: z.number().int().optional().describe('The length the request asks for, in seconds ("a 90 second history": 90, "two minutes": 120); none when it names no length'),
  scenes: z.number().int().optional().describe('How many scenes the request asks for; none when it names no number of scenes'),
  count: z
    .object({ count: z.number().int(), noun: line(30) })
    .optional()
    .describe('A number of things the request asks to see ("5 tips": 5 and "tips"); none when it names none'),
  shape: z.enum(['landscape', 'portrait', 'square', 'feed']).optional().describe('The frame the request asks for: landscape 16:9, portrait 9:16 (vertical, stories, reels, TikTok), square 1:1, feed 4:5 portrait; none when it names none'),
  narration: z.boolean().optional().describe('false when the request asks for no voice-over, true when it asks for one; none when it says neither'),
  music: z.boolean().optional().describe('false when the request asks for no music, true when it asks for music; none when it says neither'),
  captions: z.boolean().optional().describe('true when the request asks for captions or subtitles, false when it asks for none; none when it says neither'),
});

/** The request's wishes as the model read them. */
export type RequestReading = z.infer<typeof requestReading>;

/** The plan the model returns for a video of this length (validated; a mismatch is `invalid_output`). */
export function modelPlanSchemaFor(maxScenes: number) {
  return z.object({
    request: requestReading.optional().describe('What the request asks for, read before planning: the plan follows it'),
    title: line(100).describe('A title for the video: its subject, not the request'),
    scenes: z.array(plannedSceneSchema).min(1).max(maxScenes),
  });
}

/** The plan schema of a video up to a minute long. */
export const modelPlanSchema = modelPlanSchemaFor(12);

export type ModelPlan = z.infer<typeof modelPlanSchema>;

export type PlannedByModel = ModelPlan['scenes'][number];

/** A country the node can draw on a map, as its place catalog finds it by name. */
export interface FoundPlace {
  code: string;
  name: string;
  lon: number;
  lat: number;
}

/** What turning a model's scene into a kit scene needs besides the scene. */
export interface DraftContext {
  fixed: SceneDraft[];
  actionAllowed: boolean;
  /** Whether the request, its documents or the cells' computed figures give this number. */
  isStated: (value: number) => boolean;
  /** The asset name of the attached or brand logo, when there is one. */
  logo?: string;
  /** A place named in the request's language; undefined when the catalog has none of that name. */
  findPlace: (name: string) => FoundPlace | undefined;
  /** Hears each change made to the scene, or why it cannot be shown, in a sentence for the job's warnings. */
  note?: (what: string) => void;
}

/** A figure as the scene shows it. */
const shown = (figure: { value: number; prefix?: string; suffix?: string; label?: string }) => `${figure.label ? `${figure.label} ` : ''}(${figure.prefix ?? ''}${figure.value}${figure.suffix ?? ''})`;

/** The most nodes a flow diagram draws. */
const MAX_FLOW_NODES = 6;

const decimalsOf = (value: number) => (Number.isInteger(value) ? 0 : 1);

/**
 * The kit kind and settings of a model scene (the embedded scene writer's templates read them).
 * Figures must be stated: a grid keeps its stated figures (one left becomes a counter, none drops
 * the scene), a ranking drops values it cannot source and keeps its order, a pictogram needs its
 * count and total or its share stated. A map keeps the places the catalog knows, or goes.
 */
export function toDraft(scene: PlannedByModel, context: DraftContext): SceneDraft | undefined {
  const base = { role: 'body' as const, narration: scene.narration.trim() };
  const withPicture = (draft: SceneDraft): SceneDraft => (scene.picture && scene.kind !== 'material' ? { ...draft, settings: { ...draft.settings, picture: scene.picture } } : draft);
  switch (scene.kind) {
    case 'material': {
      const draft = context.fixed[scene.material];
      if (!draft) context.note?.(`there is no fixed scene ${scene.material}.`);
      return draft ? { ...draft, narration: base.narration || draft.narration } : undefined;
    }
    case 'title':
      return withPicture({ ...base, kind: 'title', title: scene.title, settings: { title: scene.title, ...(scene.subtitle ? { subtitle: scene.subtitle } : {}) } });
    case 'kinetic':
      return withPicture({ ...base, kind: 'kinetic', title: scene.text, settings: { text: scene.text, ...(scene.emphasis ? { emphasis: scene.emphasis } : {}) } });
    case 'bullets':
      return withPicture({ ...base, kind: 'bullets', title: scene.heading, settings: { heading: scene.heading, items: scene.items } });
    case 'steps':
      return withPicture({ ...base, kind: 'steps', title: scene.heading, settings: { heading: scene.heading, steps: scene.steps } });
    case 'stat':
      return withPicture({ ...base, kind: 'stat', title: scene.label, settings: { value: scene.value, prefix: scene.prefix, suffix: scene.suffix, decimals: decimalsOf(scene.value), label: scene.label } });
    case 'timeline':
      return withPicture({ ...base, kind: 'timeline', title: scene.title, settings: { title: scene.title, events: scene.events } });
    case 'comparison':
      return withPicture({ ...base, kind: 'comparison', title: scene.title, settings: { title: scene.title, left: scene.left, right: scene.right } });
    case 'quote':
      return withPicture({ ...base, kind: 'quote', title: scene.quote.slice(0, 60), settings: { quote: scene.quote, ...(scene.author ? { author: scene.author } : {}) } });
    case 'icons':
      return { ...base, kind: 'icons', title: scene.title, settings: { title: scene.title, items: scene.items.map((label) => ({ icon: 'auto', label })) } };
    case 'cta':
      if (scene.action && !context.actionAllowed) context.note?.(`its button "${scene.action}" is left out: the request names no action to take.`);
      return withPicture({ ...base, kind: 'cta' as SceneKind, title: scene.message, settings: { message: scene.message, ...(scene.action && context.actionAllowed ? { action: scene.action } : {}) } });
    case 'flow':
      return { ...base, kind: 'flow', title: scene.title, settings: { title: scene.title, shape: scene.shape, nodes: scene.nodes } };
    case 'hub':
      return { ...base, kind: 'hub', title: scene.title, settings: { title: scene.title, hub: scene.hub, spokes: scene.spokes } };
    case 'stats': {
      const stats = scene.stats.filter((stat) => context.isStated(stat.value)).map((stat) => ({ ...stat, decimals: decimalsOf(stat.value) }));
      const unsourced = scene.stats.filter((stat) => !context.isStated(stat.value));
      if (unsourced.length > 0) context.note?.(`${unsourced.map(shown).join(', ')} ${unsourced.length === 1 ? 'is' : 'are'} left out: no figure of the request or its documents, checked sum or general fact gives ${unsourced.length === 1 ? 'it' : 'them'}.`);
      if (stats.length === 0) return undefined;
      if (stats.length === 1) {
        context.note?.('with one figure left it is shown as a single counter.');
        const { picture: shown, ...stat } = stats[0]!;
        return { ...base, kind: 'stat', title: stat.label, settings: { ...stat, ...(shown ? { picture: shown } : {}) } };
      }
      return { ...base, kind: 'stat-grid', title: scene.title, settings: { title: scene.title, stats } };
    }
    case 'pictogram': {
      const share = (scene.count / scene.total) * 100;
      const stated = (context.isStated(scene.count) && context.isStated(scene.total)) || context.isStated(Math.round(share * 10) / 10) || context.isStated(Math.round(share));
      if (!stated || scene.count > scene.total || scene.count < 0 || scene.total < 1) {
        context.note?.(scene.count > scene.total || scene.count < 0 || scene.total < 1 ? `its count ${scene.count} of ${scene.total} is not a share.` : `its share ${scene.count} of ${scene.total} is not stated in the request or its documents, nor a checked sum or general fact.`);
        return undefined;
      }
      return withPicture({ ...base, kind: 'pictogram', title: scene.label, settings: { count: scene.count, total: scene.total, label: scene.label } });
    }
    case 'ranking': {
      const items = scene.items.map(({ value, ...item }) => (value !== undefined && context.isStated(value) ? { ...item, value } : item));
      const unsourced = scene.items.filter((item) => item.value !== undefined && !context.isStated(item.value));
      if (unsourced.length > 0) context.note?.(`the values of ${unsourced.map((item) => `${item.label} (${item.value})`).join(', ')} are left out, the order kept: no figure of the request or its documents, checked sum or general fact gives them.`);
      return { ...base, kind: 'ranking', title: scene.title, settings: { title: scene.title, items, ...(scene.unit && items.some((item) => 'value' in item) ? { unit: scene.unit } : {}) } };
    }
    case 'checklist':
      return withPicture({ ...base, kind: 'checklist', title: scene.heading, settings: { heading: scene.heading, items: scene.items } });
    case 'before_after':
      return { ...base, kind: 'before-after', title: scene.title, settings: { title: scene.title, before: scene.before, after: scene.after } };
    case 'sequence': {
      const count = scene.actors.length;
      const messages = scene.messages.filter((message) => message.from !== message.to && message.from >= 0 && message.to >= 0 && message.from < count && message.to < count);
      const broken = scene.messages.filter((message) => !messages.includes(message));
      if (broken.length > 0) context.note?.(`${broken.map((message) => `"${message.label}"`).join(', ')} ${broken.length === 1 ? 'is' : 'are'} left out: ${broken.length === 1 ? 'it does' : 'they do'} not go from one of its ${count} actors to another.`);
      if (messages.length === 0) return undefined;
      return { ...base, kind: 'sequence', title: scene.title, settings: { title: scene.title, actors: scene.actors, messages } };
    }
    case 'chart': {
      const points = scene.points.filter((point) => context.isStated(point.value));
      const unsourced = scene.points.filter((point) => !context.isStated(point.value));
      if (unsourced.length > 0) context.note?.(`${unsourced.map((point) => `${point.label} (${point.value})`).join(', ')} ${unsourced.length === 1 ? 'is' : 'are'} left out of the chart: no figure of the request or its documents, checked sum or general fact gives ${unsourced.length === 1 ? 'it' : 'them'}.`);
      if (points.length < 2) return undefined;
      const calloutFigures = (scene.callout?.match(/\d+(?:[.,]\d+)?/g) ?? []).map((figure) => Number(figure.replace(',', '.')));
      const callout = scene.callout && calloutFigures.every((figure) => context.isStated(figure)) ? scene.callout : undefined;
      if (scene.callout && !callout) context.note?.(`its callout "${scene.callout}" is left out: its figure is not stated, nor a checked sum of the chart's figures.`);
      return {
        ...base,
        kind: 'chart',
        title: scene.title,
        settings: {
          title: scene.title,
          chart: scene.chart === 'bars' ? 'bar' : 'line',
          labels: points.map((point) => point.label),
          values: points.map((point) => point.value),
          ...(scene.unit ? { unit: scene.unit } : {}),
          ...(callout ? { callout: { text: callout } } : {}),
        },
      };
    }
    case 'step_cards':
      return { ...base, kind: 'step-cards', title: scene.heading, settings: { heading: scene.heading, steps: scene.steps } };
    case 'illustration':
      return withPicture({ ...base, kind: 'labelled', title: scene.title, settings: { title: scene.title, parts: scene.parts } });
    case 'big_number':
      if (!context.isStated(scene.value)) {
        context.note?.(`its figure ${scene.prefix}${scene.value}${scene.suffix} is not stated in the request or its documents, nor a checked sum or general fact.`);
        return undefined;
      }
      return withPicture({ ...base, kind: 'big-number', title: scene.label, settings: { value: scene.value, prefix: scene.prefix, suffix: scene.suffix, decimals: decimalsOf(scene.value), label: scene.label, ...(scene.context ? { context: scene.context } : {}) } });
    case 'logo':
      // Without a logo to reveal, the name is a headline.
      if (!context.logo) context.note?.('no logo is attached, so the name is shown as a headline.');
      return context.logo
        ? { ...base, kind: 'logo', title: scene.name, settings: { logo: context.logo, name: scene.name, ...(scene.tagline ? { tagline: scene.tagline } : {}) } }
        : withPicture({ ...base, kind: 'kinetic', title: scene.name, settings: { text: scene.name } });
    case 'map': {
      const places = [...new Map(scene.places.map((name) => [name, context.findPlace(name)] as const).filter((entry): entry is [string, FoundPlace] => entry[1] !== undefined).map(([name, place]) => [place.code, { ...place, label: name }])).values()];
      const unknown = scene.places.filter((name) => !context.findPlace(name));
      // The map draws countries; places it cannot draw (cities, regions) keep their order as a line of stops.
      if (unknown.length > 0 && (places.length === 0 || scene.route === true) && scene.places.length >= 2) {
        const stops = scene.places.slice(0, MAX_FLOW_NODES);
        const left = scene.places.slice(MAX_FLOW_NODES);
        context.note?.(`the map draws countries and has none named ${unknown.map((name) => `"${name}"`).join(', ')}, so its places are shown in order as a line of stops${left.length > 0 ? ` (the first ${MAX_FLOW_NODES}; ${left.map((name) => `"${name}"`).join(', ')} left out)` : ''}.`);
        return { ...base, kind: 'flow', title: scene.title, settings: { title: scene.title, shape: 'line', nodes: stops.map((label) => ({ label })) } };
      }
      if (unknown.length > 0) context.note?.(`the map has no country named ${unknown.map((name) => `"${name}"`).join(', ')}.`);
      if (places.length === 0) return undefined;
      const route = scene.route === true && places.length >= 2;
      return {
        ...base,
        kind: 'map',
        title: scene.title,
        settings: {
          title: scene.title,
          regions: places.map((place) => place.code),
          labels: Object.fromEntries(places.map((place) => [place.code, place.label])),
          ...(route ? { route: true, markers: places.map((place) => ({ label: place.label, lon: place.lon, lat: place.lat })) } : {}),
        },
      };
    }
  }
}

import { mainTextKey } from '../edit/scene-text.js';
import type { SceneKind } from '../providers/provider-types.js';

/** What a scene shows, in a word: the extension `visual.kind` of poll `scenes[]`. */
export type VisualKind = 'illustration' | 'icon' | 'diagram' | 'map' | 'chart' | 'image' | 'mockup' | 'footage' | 'typography';

/** What a scene shows: its kind of picture and the library entries, assets or a short description of it. */
export interface SceneVisual {
  kind: VisualKind;
  names: string[];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * What a scene shows, read from its planned kind and settings, so an agent or the app can describe a
 * video without looking at it: a title's hero picture or the icon grid's library pictures (`illustration`) or icons, a chart's
 * type, the images a scene frames, a film shot's description, a timeline's dates (`diagram`), and
 * `typography` with the main line for scenes of words and figures.
 */
export function sceneVisual(kind: string, settings: Record<string, unknown>): SceneVisual {
  const drawn = drawnVisual(kind as SceneKind, settings);
  if (drawn) return drawn;
  // A comparison draws a disc on each side: the side's picture, else its number (`step 1`, `step 2`).
  if (kind === 'comparison') {
    const sides = [settings.left, settings.right].filter((side): side is Record<string, unknown> => typeof side === 'object' && side !== null);
    const pictures = sides.map((side) => text(side.picture)).filter((picture): picture is string => picture !== undefined);
    const names = sides.map((side, i) => text(side.picture) ?? stepName(i + 1));
    return { kind: pictures.length > 0 ? pictureKind(pictures) : 'typography', names };
  }
  // A picture from the visual library (a title card's hero, a list's topic) is what the scene shows.
  const hero = text(settings.picture);
  if (hero) return { kind: pictureKind([hero]), names: [hero] };
  // Figures or sides that each carry a picture show those pictures.
  const parts = [...list(settings.stats), ...[settings.before, settings.after].filter((side): side is Record<string, unknown> => typeof side === 'object' && side !== null)];
  const pictures = parts.map((part) => text(part.picture)).filter((picture): picture is string => picture !== undefined);
  if (pictures.length > 0) return { kind: pictureKind(pictures), names: pictures };
  switch (kind as SceneKind) {
    case 'icons': {
      const items = list(settings.items);
      const pictures = items.map((item) => text(item.picture));
      if (items.length > 0 && pictures.every((picture) => picture !== undefined)) return { kind: pictureKind(pictures as string[]), names: pictures as string[] };
      return { kind: 'icon', names: items.map((item) => (text(item.icon) && item.icon !== 'auto' ? String(item.icon) : text(item.label) ?? '')).filter(Boolean) };
    }
    case 'chart': {
      const chart = settings.chart as Record<string, unknown> | undefined;
      return { kind: 'chart', names: [`${text(chart?.type) ?? text(settings.type) ?? 'bar'} chart`] };
    }
    case 'infographic': {
      const visual = text(settings.visual) ?? 'points';
      if (visual === 'points') return { kind: 'icon', names: list(settings.items).map((item) => text(item.label) ?? '').filter(Boolean) };
      if (visual === 'figures') return { kind: 'typography', names: list(settings.items).map((item) => text(item.label) ?? '').filter(Boolean) };
      return { kind: 'chart', names: [`${visual} chart`] };
    }
    case 'timeline':
      return { kind: 'diagram', names: [`timeline: ${list(settings.events).map((event) => text(event.when) ?? '').filter(Boolean).join(', ')}`] };
    case 'image':
    case 'image-split':
      return { kind: 'image', names: [text(settings.image) ?? 'image'] };
    case 'image-grid':
      return { kind: 'image', names: strings(settings.images) };
    case 'logo':
      return { kind: 'image', names: [text(settings.logo) ?? 'logo'] };
    case 'footage': {
      // A shot no video model filmed shows its still or the library pictures it is drawn from.
      const pictures = strings(settings.pictures);
      if (!text(settings.clip) && text(settings.image)) return { kind: 'image', names: [text(settings.image)!] };
      if (!text(settings.clip) && pictures.length > 0) return { kind: 'illustration', names: pictures };
      return { kind: 'footage', names: [text(settings.description) ?? text(settings.caption) ?? 'film shot'] };
    }
    default: {
      const main = text(settings[mainTextKey({ kind: kind as SceneKind, settings })]);
      return { kind: 'typography', names: main ? [main.slice(0, 80)] : [] };
    }
  }
}

/** Library pictures are line icons (Lucide) or colour illustrations and flags. */
function pictureKind(ids: string[]): VisualKind {
  return ids.every((id) => id.startsWith('lucide:')) ? 'icon' : 'illustration';
}

/** What an element without a picture shows: its step number (compositions/kit/initial-mark.tsx), never a letter. */
export const stepName = (step: number): string => `step ${step}`;

/** A diagram's nodes by their pictures, else the step number the disc shows (from `first`). */
function nodeNames(nodes: Record<string, unknown>[], first = 1): string[] {
  return nodes.map((node, i) => text(node.picture) ?? stepName(first + i));
}

/** The visuals a scene draws itself whatever pictures it carries: diagrams, maps, mockups, ratio and ranking charts. */
function drawnVisual(kind: SceneKind, settings: Record<string, unknown>): SceneVisual | undefined {
  switch (kind) {
    case 'flow':
      return { kind: 'diagram', names: [`${text(settings.shape) ?? 'line'} flow: ${nodeNames(list(settings.nodes)).join(' → ')}`] };
    case 'hub': {
      const hub = typeof settings.hub === 'object' && settings.hub !== null ? [settings.hub as Record<string, unknown>] : [];
      // The hub without a picture shows no number: it is no step.
      const centre = hub.map((node) => text(node.picture) ?? 'hub').join('');
      return { kind: 'diagram', names: [`hub and spokes: ${centre} → ${nodeNames(list(settings.spokes)).join(', ')}`] };
    }
    case 'map': {
      const labels = (typeof settings.labels === 'object' && settings.labels !== null ? settings.labels : {}) as Record<string, unknown>;
      return { kind: 'map', names: strings(settings.regions).map((code) => text(labels[code]) ?? code) };
    }
    case 'device':
      return { kind: 'mockup', names: [`${text(settings.device) ?? 'device'}: ${text(settings.image) ?? 'screen'}`] };
    case 'pictogram':
      return { kind: 'chart', names: [`pictogram: ${Number(settings.count ?? 0)} of ${Number(settings.total ?? 0)}`] };
    case 'ranking':
      return { kind: 'chart', names: [`ranking: ${list(settings.items).map((item) => text(item.label) ?? '').filter(Boolean).join(', ')}`] };
    case 'sequence': {
      const actors = list(settings.actors).map((actor) => text(actor.label) ?? '');
      const messages = list(settings.messages).map((message) => `${actors[Number(message.from)] ?? '?'} → ${actors[Number(message.to)] ?? '?'}: ${text(message.label) ?? ''}`);
      return { kind: 'diagram', names: [`sequence: ${actors.join(', ')}`, ...messages] };
    }
    case 'step-cards': {
      // Each card shows its picture, else its step number.
      const steps = list(settings.steps);
      const names = steps.map((step, i) => text(step.picture) ?? `step ${i + 1}`);
      return { kind: steps.some((step) => text(step.picture)) ? pictureKind(steps.flatMap((step) => (text(step.picture) ? [text(step.picture)!] : []))) : 'typography', names };
    }
    case 'labelled': {
      const hero = text(settings.picture);
      const parts = list(settings.parts).map((part) => `callout: ${text(part.label) ?? ''}`);
      return { kind: hero ? pictureKind([hero]) : 'typography', names: [...(hero ? [hero] : []), ...parts] };
    }
    case 'big-number':
      return { kind: 'typography', names: [`big number: ${text(settings.prefix) ?? ''}${Number(settings.value ?? 0)}${text(settings.suffix) ?? ''}`] };
    case 'chart': {
      // The kit's chart templates name their chart by a string; older settings carry an object with its type.
      const chart = typeof settings.chart === 'string' ? settings.chart : text((settings.chart as Record<string, unknown> | undefined)?.type) ?? text(settings.type) ?? 'bar';
      const callout = text((settings.callout as Record<string, unknown> | undefined)?.text);
      return { kind: 'chart', names: [`${chart} chart${callout ? `: ${callout}` : ''}`] };
    }
    default:
      return undefined;
  }
}

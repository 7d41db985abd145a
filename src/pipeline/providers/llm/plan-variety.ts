// Neighbouring scenes differ in layout: a video of four hubs in a row reads as one slide repeated.
// The planner is told the rule; a plan that still breaks it goes back to the model once (with the
// other rules, model-planner.ts), and what still breaks it is re-laid here: a repeated scene is
// shown by another layout that carries the same content whole, with a warning that says so.
import type { ModelPlan, PlannedByModel } from './model-plan-schema.js';

/** The share of neighbouring pairs that may share a layout. */
const MOST_SHARED_PAIRS = 0.25;

/** Scenes the variety rule does not count: the attachments' fixed scenes (a tour's screenshots in a row are its content). */
const isFixed = (scene: PlannedByModel) => scene.kind === 'material';

/** How many neighbouring pairs of a plan of `scenes` may share a layout: a quarter of them, rounded down. */
export function sharedPairsAllowed(scenes: number): number {
  return Math.floor(Math.max(0, scenes - 1) * MOST_SHARED_PAIRS);
}

/** Indices of the scenes that repeat the layout of the scene before them (fixed scenes never count). */
function repeats(kinds: string[], fixed: boolean[]): number[] {
  return kinds.flatMap((kind, i) => (i > 0 && kind === kinds[i - 1] && !fixed[i] && !fixed[i - 1] ? [i] : []));
}

/** What a plan's layouts break of the variety rule, in a sentence for the model, or undefined. */
export function varietyProblem(plan: ModelPlan): string | undefined {
  const kinds = plan.scenes.map((scene) => scene.kind);
  const fixed = plan.scenes.map(isFixed);
  const repeated = repeats(kinds, fixed);
  const three = repeated.find((i) => repeated.includes(i - 1));
  if (three !== undefined) return `scenes ${three - 1} to ${three + 1} are all "${kinds[three]}": never use one layout three scenes in a row; show each idea with the layout that fits it.`;
  const allowed = sharedPairsAllowed(kinds.length);
  if (repeated.length > allowed) {
    const pairs = repeated.map((i) => `scenes ${i} and ${i + 1} ("${kinds[i]}")`).join(', ');
    return `neighbouring scenes share a layout too often (${pairs}); at most ${allowed === 0 ? 'none' : allowed} of the ${kinds.length - 1} neighbouring pairs may share one: show neighbouring scenes with different layouts.`;
  }
  return undefined;
}

type Scene = PlannedByModel;
type Shared = Pick<Scene, 'picture' | 'narration' | 'seconds' | 'film' | 'facts'>;
const shared = (scene: Scene): Shared => ({ picture: scene.picture, narration: scene.narration, seconds: scene.seconds, film: scene.film, facts: scene.facts });

/**
 * Other layouts that show a scene's content whole: its texts, items and pictures, none left out.
 * Each is a kind the kit draws differently, so a repeated neighbour can be shown another way.
 */
function alternatives(scene: Scene): { scene: Scene; as: string }[] {
  const base = shared(scene);
  switch (scene.kind) {
    case 'bullets':
      return [
        { scene: { ...base, kind: 'checklist' as const, heading: scene.heading, items: scene.items.map((item) => item.slice(0, 60)) }, as: 'a checklist' },
        { scene: { ...base, kind: 'step_cards' as const, heading: scene.heading, steps: scene.items.map((text) => ({ text: text.slice(0, 70)})) }, as: 'cards' },
      ].filter((option) => scene.items.every((item) => item.length <= (option.as === 'cards' ? 70 : 60)));
    case 'checklist':
      return [{ scene: { ...base, kind: 'bullets' as const, heading: scene.heading, items: scene.items.slice(0, 5) }, as: 'a list' }].filter(() => scene.items.length <= 5);
    case 'steps':
      return [
        { scene: { ...base, kind: 'step_cards' as const, heading: scene.heading, steps: scene.steps.map((text) => ({ text})) }, as: 'step cards' },
        { scene: { ...base, kind: 'flow' as const, title: scene.heading, shape: 'line' as const, nodes: scene.steps.map((label) => ({ label})) }, as: 'a flow' },
      ].filter((option) => scene.steps.every((step) => step.length <= (option.as === 'a flow' ? 40 : 70)));
    case 'step_cards':
      return [{ scene: { ...base, kind: 'steps' as const, heading: scene.heading, steps: scene.steps.slice(0, 5).map((step) => step.text) }, as: 'a list of steps' }].filter(() => scene.steps.length <= 5 && scene.steps.every((step) => !step.picture));
    case 'flow':
      return scene.shape === 'line'
        ? [{ scene: { ...base, kind: 'step_cards' as const, heading: scene.title, steps: scene.nodes.map((node) => ({ text: node.label, picture: node.picture })) }, as: 'step cards' }]
        : [];
    case 'hub':
      return scene.spokes.length <= 5
        ? [{ scene: { ...base, kind: 'flow' as const, title: scene.title, shape: 'branch' as const, nodes: [scene.hub, ...scene.spokes] }, as: `a branching flow from "${scene.hub.label}"` }]
        : [];
    case 'icons':
      return [{ scene: { ...base, kind: 'bullets' as const, heading: scene.title, items: scene.items.slice(0, 5) }, as: 'a list' }].filter(() => scene.items.length <= 5);
    case 'timeline':
      return scene.events.every((event) => `${event.when}: ${event.text}`.length <= 70)
        ? [{ scene: { ...base, kind: 'step_cards' as const, heading: scene.title, steps: scene.events.map((event) => ({ text: `${event.when}: ${event.text}`})) }, as: 'cards in order' }]
        : [];
    case 'stat':
      return [{ scene: { ...base, kind: 'big_number' as const, value: scene.value, prefix: scene.prefix, suffix: scene.suffix, label: scene.label.slice(0, 60), context: undefined }, as: 'a big number' }].filter(() => scene.label.length <= 60);
    case 'big_number':
      return [{ scene: { ...base, kind: 'stat' as const, value: scene.value, prefix: scene.prefix, suffix: scene.suffix, label: scene.context ? `${scene.label}: ${scene.context}`.slice(0, 80) : scene.label }, as: 'a counter' }].filter(
        () => !scene.context || `${scene.label}: ${scene.context}`.length <= 80,
      );
    default:
      return [];
  }
}

/** A scene's main line for a warning. */
function lineOf(scene: Scene): string {
  const content = scene as Record<string, unknown>;
  const line = ['title', 'heading', 'text', 'label', 'message', 'quote', 'name'].map((key) => content[key]).find((value) => typeof value === 'string');
  return line ? ` "${String(line).slice(0, 60)}"` : '';
}

/**
 * A plan re-laid so that neighbouring scenes differ: each scene that repeats its neighbour's layout
 * beyond what the rule allows is shown by another layout that keeps all its content (and differs
 * from both neighbours), from the first repeat on. Returns the plan and a note per scene changed
 * (for a `plan_scene_changed` warning); a scene with no such layout stays as planned.
 */
export function relaid(plan: ModelPlan): { plan: ModelPlan; notes: { index: number; message: string }[] } {
  const scenes = [...plan.scenes];
  const notes: { index: number; message: string }[] = [];
  const over = () => varietyProblem({ ...plan, scenes }) !== undefined;
  for (let i = 1; i < scenes.length && over(); i += 1) {
    const scene = scenes[i]!;
    if (isFixed(scene) || scene.kind !== scenes[i - 1]!.kind) continue;
    const next = scenes[i + 1]?.kind;
    const option = alternatives(scene).find((candidate) => candidate.scene.kind !== scenes[i - 1]!.kind && candidate.scene.kind !== next);
    if (!option) continue;
    scenes[i] = option.scene;
    notes.push({ index: i, message: `Changed scene ${i + 1} (${scene.kind}${lineOf(scene)}): shown as ${option.as}, with all its content, so it does not repeat the layout of scene ${i}.` });
  }
  return { plan: { ...plan, scenes }, notes };
}

import { z } from 'zod';
import { EditError } from './edit-errors.js';
import { textName } from './text-name.js';

/**
 * A scene of the source video by its number as the user saw it (1 = the first scene). Numbers
 * always mean the source's scenes, whatever earlier operations of the same edit moved or removed.
 */
const sceneNumber = z.number().int().min(1).describe('Scene number in the source video, 1 = first');
const hexColor = z
  .string()
  .regex(/^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/, 'must be a hex color (#RRGGBB or #RGB)')
  .describe('Hex color, #RRGGBB');
const text = (max: number) => z.string().trim().min(1).max(max);

/** Where a moved or added scene goes: the start, the end, or next to a source scene. */
export const placementSchema = z.union([
  z.object({ position: z.enum(['start', 'end']) }).strict(),
  z.object({ before: sceneNumber }).strict(),
  z.object({ after: sceneNumber }).strict(),
]);
/** One of {@link placementSchema}. */
export type Placement = z.infer<typeof placementSchema>;

/** The content of an added scene: a kit kind and its texts, the same budgets the planner's scenes have. */
export const newSceneContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('title'), title: text(70), subtitle: text(120).optional() }).strict(),
  z.object({ kind: z.literal('kinetic'), text: text(80), emphasis: text(30).optional() }).strict(),
  z.object({ kind: z.literal('bullets'), heading: text(60), items: z.array(text(80)).min(2).max(5) }).strict(),
  z.object({ kind: z.literal('steps'), heading: text(60), steps: z.array(text(80)).min(2).max(5) }).strict(),
  z.object({ kind: z.literal('quote'), quote: text(200), author: text(50).optional() }).strict(),
  z.object({ kind: z.literal('icons'), title: text(60), items: z.array(text(40)).min(3).max(6) }).strict(),
  z.object({ kind: z.literal('cta'), message: text(80), action: text(30).optional() }).strict(),
]);
/** One of {@link newSceneContentSchema}. */
export type NewSceneContent = z.infer<typeof newSceneContentSchema>;

/** The `op` of every edit operation, in the order {@link editOperationSchema} lists them. */
const EDIT_OPERATION_NAMES = ['retext', 'replace_text', 'restyle', 'retime', 'recolor_text', 'resize_text', 'set_length', 'reorder', 'swap', 'remove_scene', 'add_scene', 'swap_image', 'set_picture', 'set_voice', 'set_language', 'set_music', 'set_sfx', 'set_narration', 'regenerate_scene'] as const;

/**
 * The edit vocabulary: what an editor (the rule grammar, or a language model as structured output)
 * may do to a finished video. Applied in order by `applyEditOperations`.
 */
export const editOperationSchema = z.discriminatedUnion('op', [
  z
    .object({
      op: z.literal('retext'),
      scene: sceneNumber,
      key: z.string().min(1).optional().describe("Settings key path (\"title\", \"items.1\"); default: the scene's main text"),
      text: text(200),
    })
    .strict(),
  z.object({ op: z.literal('replace_text'), find: z.string().min(1), replace: z.string(), scene: sceneNumber.optional() }).strict(),
  z
    .object({
      op: z.literal('restyle'),
      colors: z
        .object({ primary: hexColor.optional(), secondary: hexColor.optional(), accent: hexColor.optional(), background: hexColor.optional() })
        .strict()
        .optional(),
      fonts: z.object({ heading: z.string().min(1).optional(), body: z.string().min(1).optional() }).strict().optional(),
    })
    .strict(),
  z
    .object({
      op: z.literal('retime'),
      scene: sceneNumber,
      seconds: z.number().positive().optional(),
      change: z.enum(['shorter', 'longer']).optional(),
      factor: z.number().gt(1).max(4).optional().describe('How much shorter or longer. @default 1.5'),
    })
    .strict(),
  z
    .object({
      op: z.literal('recolor_text'),
      color: hexColor,
      scene: sceneNumber.optional().describe('The scene whose text takes the color; default: every scene'),
    })
    .strict(),
  z
    .object({
      op: z.literal('resize_text'),
      change: z.enum(['bigger', 'smaller']),
      scene: sceneNumber.optional().describe('The scene whose text changes size; default: every scene'),
      factor: z.number().gt(1).max(2).optional().describe('How much bigger or smaller. @default 1.25'),
    })
    .strict(),
  z
    .object({
      op: z.literal('set_length'),
      seconds: z.number().positive().describe("The whole video's length in seconds; every scene is rescaled to it"),
    })
    .strict(),
  z.object({ op: z.literal('reorder'), scene: sceneNumber, to: placementSchema }).strict(),
  z.object({ op: z.literal('swap'), scenes: z.tuple([sceneNumber, sceneNumber]) }).strict(),
  z.object({ op: z.literal('remove_scene'), scene: sceneNumber }).strict(),
  z
    .object({
      op: z.literal('add_scene'),
      at: placementSchema,
      content: newSceneContentSchema,
      narration: z.string().max(400).optional(),
      seconds: z.number().positive().optional(),
    })
    .strict(),
  z
    .object({
      op: z.literal('swap_image'),
      scene: sceneNumber,
      image: z.union([z.string().min(1), z.number().int().min(0)]).describe('An image asset name, or the index in the job\'s images[]'),
      slot: z.number().int().min(0).optional().describe('Which image of a grid. @default 0'),
    })
    .strict(),
  z
    .object({
      op: z.literal('set_picture'),
      scene: sceneNumber,
      picture: text(80).describe('What the new library picture shows, in a few words ("honey jar", "lighthouse"), or a library id ("fluent-emoji-flat:honey-pot")'),
      replaces: text(80).optional().describe("Which of the scene's pictures it replaces, by what that one shows (\"seal\"); default: the scene's own picture"),
    })
    .strict(),
  z.object({ op: z.literal('set_voice'), voice: z.string().min(1) }).strict(),
  z.object({ op: z.literal('set_language'), language: z.string().min(2) }).strict(),
  z.object({ op: z.literal('set_music'), music: z.boolean(), mood: z.enum(['bright', 'calm', 'driving', 'warm', 'dark']).optional() }).strict(),
  z.object({ op: z.literal('set_sfx'), sfx: z.boolean() }).strict(),
  z
    .object({
      op: z.literal('set_narration'),
      narration: z.boolean().optional(),
      scene: sceneNumber.optional(),
      text: z.string().max(400).optional(),
    })
    .strict(),
  z.object({ op: z.literal('regenerate_scene'), scene: sceneNumber, instruction: z.string().max(2000).optional() }).strict(),
], { error: (issue) => (issue.code === 'invalid_union' ? `is no change this node makes; it is one of ${EDIT_OPERATION_NAMES.join(', ')}` : undefined) });

/** One edit operation. */
export type EditOperation = z.infer<typeof editOperationSchema>;
/** The `op` names. */
export type EditOperationName = EditOperation['op'];

/** The most operations one edit applies. */
export const MAX_EDIT_OPERATIONS = 50;

/** A list of operations, as a language model returns it. */
export const editOperationsSchema = z.object({ operations: z.array(editOperationSchema).min(1).max(MAX_EDIT_OPERATIONS) });

/**
 * Checks untrusted operations (a model's output, a client's body) against {@link editOperationSchema};
 * throws {@link EditError} whose `field` is the first bad one (`operations[2].colors.primary`) and
 * whose message says, in the user's terms, that the change was not read into edits this node makes.
 */
export function parseEditOperations(input: unknown): EditOperation[] {
  const parsed = z.array(editOperationSchema).min(1, 'at least one operation is needed').safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.reduce<string>((path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${String(key)}`), 'operations');
  if (issue.path.length === 0) throw new EditError(field, 'no change was read from the instruction; say what to change, for example "change the text of scene 2 to Fast setup"');
  const which = typeof issue.path[0] === 'number' ? `change ${issue.path[0] + 1} of the instruction` : 'the instruction';
  // The schema's own words (op names, discriminators) are the node's, not the user's.
  const why = issue.code === 'invalid_union' || issue.code === 'invalid_value' ? 'it is no kind of change this node makes' : issue.code === 'unrecognized_keys' ? 'it says more than the change holds' : issue.message;
  throw new EditError(field, `${which} was not read into an edit this node makes (${why}); say it more plainly, one change per clause, for example "change the text of scene 2 to Fast setup"`);
}

function where(placement: Placement): string {
  if ('position' in placement) return `at the ${placement.position}`;
  return 'before' in placement ? `before scene ${placement.before}` : `after scene ${placement.after}`;
}

export { textName } from './text-name.js';

/** One line saying what an operation does, for the `understood` list and the job's record. */
export function describeOperation(op: EditOperation): string {
  switch (op.op) {
    case 'retext':
      return `set the ${op.key ? textName(op.key) : 'text'} of scene ${op.scene} to "${op.text}"`;
    case 'replace_text':
      return `replace "${op.find}" with "${op.replace}"${op.scene ? ` in scene ${op.scene}` : ''}`;
    case 'restyle': {
      const parts = [
        ...Object.entries(op.colors ?? {}).map(([key, value]) => `${key} color ${value}`),
        ...Object.entries(op.fonts ?? {}).map(([key, value]) => `${key} font ${value}`),
      ];
      return `use ${parts.join(', ')}`;
    }
    case 'retime':
      return op.seconds !== undefined ? `make scene ${op.scene} ${op.seconds} seconds` : `make scene ${op.scene} ${op.change}`;
    case 'recolor_text':
      return `color the text of ${op.scene !== undefined ? `scene ${op.scene}` : 'every scene'} ${op.color}`;
    case 'resize_text':
      return `make the text of ${op.scene !== undefined ? `scene ${op.scene}` : 'every scene'} ${op.change}`;
    case 'set_length':
      return `make the video ${op.seconds} seconds long`;
    case 'reorder':
      return `move scene ${op.scene} ${where(op.to)}`;
    case 'swap':
      return `swap scenes ${op.scenes[0]} and ${op.scenes[1]}`;
    case 'remove_scene':
      return `remove scene ${op.scene}`;
    case 'add_scene':
      return `add a ${op.content.kind} scene ${where(op.at)}`;
    case 'swap_image':
      return `show image ${typeof op.image === 'number' ? `images[${op.image}]` : `"${op.image}"`} in scene ${op.scene}`;
    case 'set_picture':
      return op.replaces ? `replace the "${op.replaces}" picture in scene ${op.scene} with "${op.picture}"` : `show "${op.picture}" in scene ${op.scene}`;
    case 'set_voice':
      return `narrate with the voice ${op.voice}`;
    case 'set_language':
      return `narrate in ${op.language}`;
    case 'set_music':
      return op.music ? `add music${op.mood ? ` (${op.mood})` : ''}` : 'no music';
    case 'set_sfx':
      return op.sfx ? 'add sound effects' : 'no sound effects';
    case 'set_narration':
      if (op.text !== undefined) return `narrate scene ${op.scene ?? '?'} with "${op.text}"`;
      return op.narration === false ? 'no narration' : 'add narration';
    case 'regenerate_scene':
      return `regenerate scene ${op.scene}`;
  }
}

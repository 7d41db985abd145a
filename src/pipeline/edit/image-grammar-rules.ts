import type { GrammarContext, GrammarRule, RuleReading } from './edit-grammar-rules.js';
import type { AttachedEditImage } from './edit-source.js';
import { SCENE_REF, sceneNumberOf } from './scene-references.js';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const NOUN = '(?:image|picture|photo|photograph|pic|graphic)s?';
const FRESH = '(?:new|attached|uploaded|added|sent|provided|given|enclosed|supplied)';

/**
 * A regular-expression source matching a reference to an image sent with the edit: "the new image",
 * "the attached picture", "this photo", "image 2", "picture #1", "the second image", "the last new image".
 */
export const IMAGE_REF = `(?:(?:the|this|that|my|our) )?(?:(?:${ORDINALS.join('|')}|last) (?:${FRESH} )?${NOUN}|${FRESH} ${NOUN}|${NOUN} (?:#|number |no\\.? ?)?(?:\\d+|${NUMBER_WORDS.join('|')})|${NOUN})`;

const rx = (source: string) => new RegExp(`^(?:${source})$`, 'iu');
const S = SCENE_REF;
const I = IMAGE_REF;

/** The 1-based number a reference gives ("image 2", "the second image"), or undefined for "the new image". */
function numberOf(reference: string): number | 'last' | undefined {
  const text = reference.toLowerCase();
  const digits = /(\d+)/u.exec(text);
  if (digits) return Number(digits[1]);
  if (/\blast\b/u.test(text)) return 'last';
  for (const [index, word] of ORDINALS.entries()) if (new RegExp(`\\b${word}\\b`, 'u').test(text)) return index + 1;
  for (const [index, word] of NUMBER_WORDS.entries()) if (new RegExp(`\\b${word}\\b`, 'u').test(text)) return index + 1;
  return undefined;
}

const listed = (images: readonly AttachedEditImage[]) => images.map((image) => `image ${image.index + 1} (images[${image.index}], role ${image.role})`).join(', ');

/**
 * The edit image a reference means: numbers count the edit request's `images[]` from 1; "the new
 * image" means the one image of the roles wanted. A problem when there is none or it is ambiguous.
 */
export function attachedImageOf(reference: string, context: Pick<GrammarContext, 'source'>, roles: readonly AttachedEditImage['role'][]): AttachedEditImage | { problem: string } {
  const attached = context.source.attached ?? [];
  if (attached.length === 0) return { problem: 'this edit has no images; send them in the request\'s images[] (url, context, role)' };
  const number = numberOf(reference);
  if (number !== undefined) {
    const image = number === 'last' ? attached[attached.length - 1]! : attached[number - 1];
    if (!image) return { problem: `there is no image ${number}; the edit has ${attached.length}: ${listed(attached)}` };
    if (!roles.includes(image.role)) return { problem: `images[${image.index}] has role "${image.role}"; ${roles.includes('style') ? 'send it with role "style" to take its colours' : 'a "style" image gives its colours only; send it with role "import" to show it'}` };
    return image;
  }
  const fitting = attached.filter((image) => roles.includes(image.role));
  if (fitting.length === 1) return fitting[0]!;
  if (fitting.length === 0) return { problem: `no image of this edit has role ${roles.map((role) => `"${role}"`).join(' or ')}; its images: ${listed(attached)}` };
  return { problem: `this edit has ${fitting.length} such images; say which: ${fitting.map((image) => `"image ${image.index + 1}"`).join(', ')}` };
}

const PLACEABLE: AttachedEditImage['role'][] = ['import', 'reference'];

/**
 * Rules for the images sent with an edit (tried before the others): placing one in a scene
 * ("use the new image in scene 2", "put image 1 in scene 3", "swap the picture of scene 2 for the
 * attached image") is a `swap_image` with the image's asset name; "add the new image" and "use the
 * colours of the image" read as nothing more than the image's role already does (an unplaced import
 * becomes a new scene; a style image gives the colours).
 */
export const IMAGE_RULES: readonly GrammarRule[] = [
  {
    name: 'place image',
    patterns: [
      rx(`(?:use|put|place|show|insert|add|display|set) (?<image>${I}) (?:in|on|for|into|as|at) (?<scene>${S})`),
      rx(`(?<image>${I}) (?:in|on|for|into) (?<scene>${S})`),
      rx(`(?:swap|replace|change|exchange|switch) (?:the (?:picture|image|photo|background|visual)s? (?:of|in|on|for) )?(?<scene>${S})(?:'s (?:picture|image|photo))? (?:for|with|to|by) (?<image>${I})`),
      rx(`(?:make|let|have) (?<scene>${S}) (?:show|use|display) (?<image>${I})`),
      rx(`(?:use|show|put) (?<image>${I}) instead of (?:the (?:picture|image|photo) (?:of|in) )?(?<scene>${S})`),
    ],
    read: (g, c): RuleReading | undefined => {
      const number = sceneNumberOf(g.scene!, c.source.scenes.length);
      if (number === undefined) return undefined;
      const image = attachedImageOf(g.image!, c, PLACEABLE);
      return 'problem' in image ? image : [{ op: 'swap_image', scene: number, image: image.name }];
    },
  },
  {
    name: 'add image',
    patterns: [rx(`(?:add|use|include|insert|append|show)(?: in)? (?<image>${I})(?: (?:at the end|as a new scene|as well|too))?`)],
    read: (g, c) => {
      const image = attachedImageOf(g.image!, c, PLACEABLE);
      return 'problem' in image ? image : [];
    },
  },
  {
    name: 'image colours',
    patterns: [
      rx(`(?:use|apply|take|match|copy|borrow|adopt|get) (?:the )?(?:colou?rs?|palette|look|style|colou?r (?:scheme|palette))(?: of| from| in) (?<image>${I})`),
      rx(`(?:colou?r|style|restyle|recolou?r) (?:it|the video|everything) (?:like|after|from|as in) (?<image>${I})`),
      rx(`(?:make|let) (?:it|the video|everything) look like (?<image>${I})`),
    ],
    read: (g, c) => {
      const image = attachedImageOf(g.image!, c, ['style']);
      return 'problem' in image ? image : [];
    },
  },
];

/** The edit images an instruction names (so a `reference` image it names is used as an `import` one would be). */
export function namedAttachedImages(instruction: string, attached: readonly AttachedEditImage[]): Set<string> {
  const named = new Set<string>();
  const context = { source: { scenes: [], options: {} as never, attached: [...attached] } };
  for (const match of instruction.matchAll(new RegExp(`(?<![\\p{L}])${IMAGE_REF}(?![\\p{L}])`, 'giu'))) {
    const image = attachedImageOf(match[0], context, PLACEABLE);
    if (!('problem' in image)) named.add(image.name);
  }
  return named;
}

import type { EditOperation } from './edit-operations.js';
import { colorOf, isQuoted, moodOf, nthTitleScene, rx, sceneOf, secondsOf, unquote, type GrammarContext, type GrammarRule, type RuleReading } from './grammar-helpers.js';
import { ORDINAL_WORD, SCENE_NOUN, SCENE_REF } from './scene-references.js';
import { mainTextKey } from './scene-text.js';

const S = SCENE_REF;
const NTH = `(?:(?<nth>${ORDINAL_WORD}) )?`;
/** A length: "10 seconds", "20s", "1.5 minutes", "a minute", "half a minute". */
const DURATION = `(?:(?:about|around|exactly|only|just|roughly|max(?:imum)?|at most|under) )?(?:(?<seconds>\\d+(?:[.,]\\d+)?)\\s*(?:s|secs?|seconds?)|(?<minutes>\\d+(?:[.,]\\d+)?)\\s*(?:m|mins?|minutes?)|(?<one>a|one) minute|(?<half>half a) minute)`;
const VIDEO = '(?:it|the video|the whole video|the whole thing|the clip|the film|the ad|the movie|everything|this|this video)';
const TEXT = '(?:text|texts|font|fonts|writing|lettering|letters|words|type|typography|captions?)';
const SIZE = '(?<amount>a (?:bit|little|lot) |slightly |much |way |even |somewhat )?(?<change>bigger|larger|greater|smaller|tinier)';

/**
 * What "make the title <text>" means: the words in quotes, or anything but a bare color name; a bare
 * color ("change the title to red") colors the title instead.
 */
export function titleReading(number: number, text: string, context: GrammarContext): EditOperation[] {
  const color = isQuoted(text) ? undefined : colorOf(text);
  if (typeof color === 'string') return [{ op: 'recolor_text', scene: number, color }];
  const target = context.source.scenes[number - 1];
  return [{ op: 'retext', scene: number, ...(target ? { key: mainTextKey(target) } : {}), text: unquote(text) }];
}

/** The scene a text change is about: the one named, the title's (for "title"), or every scene. */
function textScene(groups: Record<string, string>, context: GrammarContext): { scene?: number } | undefined {
  if (groups.scene) {
    const number = sceneOf(groups.scene, context);
    return number === undefined ? undefined : { scene: number };
  }
  if (/titles?\b|headings?\b|headlines?\b|titel|überschrift|titre|t[ií]tulo/iu.test(groups.$0 ?? '')) {
    const number = nthTitleScene(groups.nth, context);
    return number === undefined ? undefined : { scene: number };
  }
  return {};
}

/** "bigger"/"larger"/"enlarge" and how much: "a bit" ×1.1, "much" ×1.5, else the default. */
export function sizeChange(change: string, amount: string | undefined): Pick<Extract<EditOperation, { op: 'resize_text' }>, 'change' | 'factor'> {
  const bigger = /big|larg|great|increase|enlarg|grow|bump|gr[oö]ß|gr[oö]ss|agrand|gros|augment|grand|mayor|aument/iu.test(change);
  const how = (amount ?? '').toLowerCase();
  const factor = /bit|little|slightly|somewhat|etwas|bisschen|wenig|peu|poco/u.test(how) ? 1.1 : /much|lot|way|viel|deutlich|beaucoup|bien|mucho/u.test(how) ? 1.5 : undefined;
  return { change: bigger ? 'bigger' : 'smaller', ...(factor ? { factor } : {}) };
}

/** A color change of a scene's (or every scene's) text; a bad color is a problem only when the clause says "color". */
export function textColorReading(groups: Record<string, string>, context: GrammarContext): RuleReading | undefined {
  const color = colorOf(groups.color!);
  if (typeof color !== 'string') return /colou?r|farbe|couleur/iu.test(groups.$0 ?? '') ? color : undefined;
  const where = textScene(groups, context);
  return where ? [{ op: 'recolor_text', color, ...where }] : undefined;
}

/** A size change of a scene's (or every scene's) text. */
export function textSizeReading(groups: Record<string, string>, context: GrammarContext): RuleReading | undefined {
  const where = textScene(groups, context);
  return where ? [{ op: 'resize_text', ...sizeChange(groups.change!, groups.amount), ...where }] : undefined;
}

/** A new length for the whole video. */
export function lengthReading(groups: Record<string, string>): RuleReading | undefined {
  const seconds = secondsOf(groups);
  return seconds === undefined || !(seconds > 0) ? undefined : [{ op: 'set_length', seconds }];
}

/** "the first two" / "the last two": the pair of scenes to swap. */
export function pairReading(which: string, context: GrammarContext): RuleReading {
  const count = context.source.scenes.length;
  return /first|opening|erst|premi|primer/iu.test(which) ? [{ op: 'swap', scenes: [1, 2] }] : [{ op: 'swap', scenes: [count - 1, count] }];
}

/**
 * Everyday English phrasings of look, sound, length and order (after the core rules): the title's or
 * the text's color and size, the music's mood by comparison ("calmer music"), the whole video's
 * length, swapping "the first two scenes".
 */
export const EVERYDAY_RULES: readonly GrammarRule[] = [
  {
    name: 'title color',
    patterns: [
      rx(`(?:make|turn|change|set|colou?r|paint) the ${NTH}(?:main )?(?:title|heading|headline)(?: text)?(?: colou?r)? (?:to |into |in )?(?<color>.+)`),
      rx(`(?:make|turn|change|set|colou?r|paint) the (?:title|heading|headline)(?: text)? (?:of|on|in) (?<scene>${S}) (?:to |into |in )?(?<color>.+)`),
      rx(`(?:change|set) the colou?r of the ${NTH}(?:main )?(?:title|heading|headline)(?: text)? to (?<color>.+)`),
      rx(`(?:use|give it|i want|i'd like) an? (?<color>.+?) (?:title|heading|headline)`),
      rx(`(?:make|turn) (?<scene>${S})(?:'s)? (?:title|heading|headline) (?<color>.+)`),
    ],
    read: textColorReading,
  },
  {
    name: 'text color',
    patterns: [
      rx(`(?:make|turn|change|set|colou?r|paint) (?:all )?(?:the |all )?${TEXT}(?: colou?r)?(?: (?:of|in|on) (?<scene>${S}))? (?:to |into |in )?(?<color>.+)`),
      rx(`(?:change|set) the colou?r of (?:the |all )?(?:the )?${TEXT}(?: (?:of|in|on) (?<scene>${S}))? to (?<color>.+)`),
      rx(`(?:make|turn) (?<scene>${S})(?:'s)? ${TEXT} (?<color>.+)`),
      rx(`(?:use |i want |i'd like )?(?<color>#?[\\p{L}\\d -]+?) ${TEXT}(?: (?:in|on|for) (?<scene>${S}))?`),
    ],
    read: textColorReading,
  },
  {
    name: 'text size',
    patterns: [
      rx(`(?:make|set|have) (?:all )?(?:the |all )?(?:${TEXT}|font size|text size)(?: (?:of|in|on) (?<scene>${S}))? ${SIZE}`),
      rx(`(?:make|set) the ${NTH}(?:main )?(?:title|heading|headline)(?: text)? ${SIZE}`),
      rx(`(?:make|set) the (?:title|heading|headline)(?: text)? (?:of|on|in) (?<scene>${S}) ${SIZE}`),
      rx(`make (?<scene>${S})(?:'s)? (?:${TEXT}|title|heading) ${SIZE}`),
      rx(`(?:use |i want |i'd like )?${SIZE} (?:${TEXT}|titles?|headings?)(?: (?:in|on|for) (?<scene>${S}))?`),
      rx(`(?<change>increase|enlarge|decrease|reduce|shrink|grow|bump up) the (?:size of the )?(?:${TEXT}|title|heading)(?: size)?(?: (?:of|in|on) (?<scene>${S}))?`),
      rx(`(?:the )?(?:${TEXT}|title) should be ${SIZE}`),
    ],
    read: textSizeReading,
  },
  {
    name: 'music mood',
    patterns: [
      rx(`(?:use|play|try|pick|choose|put on|add|give it|switch to|go with|i want|i'd like|we need|let's have|have) (?:a |an |some |the )?(?<mood>(?:a bit |a little |much )?(?:more |less )?[\\p{L}-]+) (?:background )?(?:music|soundtrack|score|track|tune|song)`),
      rx(`(?:make|can|could) the (?:background )?(?:music|soundtrack|score|track) (?:be )?(?<mood>(?:a bit |a little |much |even )?(?:more )?[\\p{L}-]+)`),
      rx(`(?:change|set|switch) the (?:background )?(?:music|soundtrack|score)(?: mood)? to (?:something |a |an )?(?<mood>(?:more )?[\\p{L}-]+)(?: music| one| mood| track)?`),
      rx(`(?<mood>(?:more |less )?[\\p{L}-]+) (?:background )?(?:music|soundtrack)`),
      rx(`the music should be (?<mood>(?:a bit |more )?[\\p{L}-]+)`),
    ],
    read: (g) => {
      const mood = moodOf(g.mood!);
      return mood ? [{ op: 'set_music', music: true, mood }] : undefined;
    },
  },
  {
    name: 'video length',
    patterns: [
      rx(`(?:make|set|change|cut|trim|shorten|extend|lengthen|bring|get|keep|edit|reduce|expand|stretch|condense) ${VIDEO}(?: down| up| back)? (?:to |into )?(?:be )?${DURATION}(?: long| in total| total| overall| in length| or less| max)?`),
      rx(`(?:make|set|change) (?:the )?(?:total |overall |whole |video(?:'s)? )?(?:length|duration|runtime|running time)(?: of the video)? (?:to |at )?${DURATION}`),
      rx(`${VIDEO} should (?:be|last|run)(?: for)? ${DURATION}(?: long)?`),
      rx(`(?:make|i want|i need|give me|turn it into|make this) (?:it )?(?:a |an )(?<seconds>\\d+)[- ]?(?:s|sec|second)(?:[- ]long)? (?:video|clip|version|ad|cut)`),
      rx(`${DURATION} (?:long|in total|total|max(?:imum)?)`),
    ],
    read: lengthReading,
  },
  {
    name: 'swap first or last two',
    patterns: [
      rx(`(?:swap|switch|exchange|flip|reverse|invert|trade) (?:the order of |the positions of )?(?:the )?(?<which>first|last|opening|final|closing) (?:two|2)(?: ${SCENE_NOUN})?`),
      rx(`(?:swap|switch|exchange|flip|reverse|invert|trade) (?:the order of )?(?:the )?(?:two|2) (?<which>first|last|opening|final) ${SCENE_NOUN}`),
    ],
    read: (g, c) => pairReading(g.which!, c),
  },
  {
    name: 'move scene first or last',
    patterns: [rx(`(?:put|move|place|bring|make) (?<scene>${S}) (?:to the )?(?<edge>first|last|front|up front)`)],
    read: (g, c) => {
      const number = sceneOf(g.scene!, c);
      return number === undefined ? undefined : [{ op: 'reorder', scene: number, to: { position: /last/iu.test(g.edge!) ? 'end' : 'start' } }];
    },
  },
];

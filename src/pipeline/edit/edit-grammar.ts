import { closestPhrasing } from './closest-phrasing.js';
import { EditGrammarError, type UnreadablePart } from './edit-errors.js';
import { describeOperation, type EditOperation } from './edit-operations.js';
import type { EditSource } from './edit-source.js';
import { DEFAULT_GRAMMAR_VOICES, GRAMMAR_RULES, type GrammarContext, type RuleReading } from './edit-grammar-rules.js';

/** One documented phrasing of the rule grammar (the table in docs/editing.md and the tests read this list). */
export interface EditGrammarExample {
  /** What the phrasing does. */
  rule: string;
  instruction: string;
}

/** The phrasings the rule grammar documents, one or more per rule. */
export const EDIT_GRAMMAR_EXAMPLES: readonly EditGrammarExample[] = [
  { rule: 'Change the title (the first title card, else the opening scene)', instruction: 'make the title say "Summer Sale"' },
  { rule: 'Change the title', instruction: 'change the title to Hello world' },
  { rule: "Change a scene's main text", instruction: 'change the text of scene 2 to Fast setup' },
  { rule: 'Replace words wherever they appear (on screen and in the narration)', instruction: "replace 'Acme' with 'Globex'" },
  { rule: 'A picture from the library, by what it shows (the scene\'s own picture, or the one named)', instruction: 'replace the picture in scene 3 with a honey jar' },
  { rule: 'A picture from the library, by what it shows (the scene\'s own picture, or the one named)', instruction: 'replace the seal picture in the last scene with a honey jar' },
  { rule: 'A picture from the library, by what it shows (the scene\'s own picture, or the one named)', instruction: 'use a lighthouse picture in the last scene' },
  { rule: 'A picture from the library, by what it shows (the scene\'s own picture, or the one named)', instruction: 'show a lighthouse in scene 2' },
  { rule: 'Change the title of the nth title card, or of a scene', instruction: "make the first title say 'Hello'" },
  { rule: 'Change the title of the nth title card, or of a scene', instruction: 'change the title of scene 2 to "Why us"' },
  { rule: 'Title or text color (every scene, or "of scene 2")', instruction: 'make the title red' },
  { rule: 'Title or text color (every scene, or "of scene 2")', instruction: 'make the text of scene 2 white' },
  { rule: 'Text size (x1.25; "a bit" x1.1, "much" x1.5; the title, every scene or "on slide 3")', instruction: 'make the text bigger' },
  { rule: 'Text size (x1.25; "a bit" x1.1, "much" x1.5; the title, every scene or "on slide 3")', instruction: 'make the title a bit smaller' },
  { rule: 'Primary color (hex or CSS color name)', instruction: 'change the color to #FF5733' },
  { rule: 'Primary color (hex or CSS color name)', instruction: 'change the color to teal' },
  { rule: 'Accent or secondary color', instruction: 'make the accent color orange' },
  { rule: 'Background color', instruction: 'make the background #101820' },
  { rule: 'Font for headings and body (a shipped font)', instruction: 'use the font Lora' },
  { rule: 'Font for headings only (or "for body text")', instruction: 'use Playfair Display for headings' },
  { rule: 'Shorter or longer scene (x1.5; "a bit" x1.25, "much" x2)', instruction: 'make scene 2 shorter' },
  { rule: 'Shorter or longer scene', instruction: 'make the last scene a bit longer' },
  { rule: 'Scene length in seconds', instruction: 'make scene 2 5 seconds' },
  { rule: 'Remove a scene', instruction: 'remove the last scene' },
  { rule: 'Remove a scene', instruction: 'remove scene 3' },
  { rule: 'Remove a scene', instruction: 'delete the second scene' },
  { rule: 'Move a scene', instruction: 'move scene 3 to the start' },
  { rule: 'Move a scene', instruction: 'move scene 3 before scene 1' },
  { rule: 'Swap two scenes', instruction: 'swap scenes 2 and 3' },
  { rule: 'Swap two scenes', instruction: 'swap the first two slides' },
  { rule: 'Length of the whole video (scenes keep their shares)', instruction: 'make the video 20 seconds long' },
  { rule: 'Length of the whole video (scenes keep their shares)', instruction: 'cut it to 25 seconds' },
  { rule: 'Add a scene (at the end unless "at the start", "after scene 2", …)', instruction: 'add a scene at the end saying Thanks for watching' },
  { rule: 'Voice (id or name, see GET /v1/voices)', instruction: 'use the voice Noah' },
  { rule: 'Narration language', instruction: 'narrate in German' },
  { rule: 'Narration language', instruction: 'change the language to French' },
  { rule: 'Music off, on, or by mood (bright, calm, driving, warm, dark)', instruction: 'no music' },
  { rule: 'Music off, on, or by mood (bright, calm, driving, warm, dark)', instruction: 'add calm music' },
  { rule: 'Music off, on, or by mood (bright, calm, driving, warm, dark)', instruction: 'use calmer music' },
  { rule: 'Sound effects off or on', instruction: 'no sound effects' },
  { rule: 'Narration off or on', instruction: 'no narration' },
  { rule: "A scene's narration script", instruction: 'change the narration of scene 2 to "Setup takes a minute."' },
  { rule: 'Regenerate a scene (optionally: "redo scene 2: more playful")', instruction: 'redo scene 2' },
  { rule: 'Regenerate a scene', instruction: 'regenerate the opening scene' },
  { rule: 'German, French, Spanish', instruction: 'keine Musik' },
  { rule: 'German, French, Spanish', instruction: 'supprimer la scène 2' },
  { rule: 'German, French, Spanish', instruction: 'sin narración' },
  { rule: 'German, French, Spanish', instruction: 'Mach den Titel rot' },
  { rule: 'German, French, Spanish', instruction: 'Mets le texte plus grand' },
  { rule: 'German, French, Spanish', instruction: 'Haz que el vídeo dure 20 segundos' },
  { rule: 'German, French, Spanish', instruction: 'Ersetze das Bild in Szene 3 durch ein Honigglas' },
  { rule: 'German, French, Spanish', instruction: "Remplace l'image de la scène 3 par un pot de miel" },
  { rule: 'German, French, Spanish', instruction: 'Muestra una foca en la escena 2' },
];

/**
 * What the rule grammar can do, written for an API user: the message of the 400 an unreadable
 * instruction gets, built from {@link EDIT_GRAMMAR_EXAMPLES}.
 */
export const EDIT_GRAMMAR_HELP = [
  'Without a language model this node edits by a fixed grammar, in English and in the commonest German, French and Spanish phrasings. Say one change per clause and join several with "and", ";", "then" or new lines. Scenes are "scene 2", "slide 2", "card 2", "the second scene", "the last slide", "the opening/closing scene"; put exact text in quotes. A new scene text is spoken too where the narration said the old one. A picture is named by what it shows, in a few words, and taken from the node\'s picture library (an edit naming one it lacks is refused). It understands:',
  ...[...new Map(EDIT_GRAMMAR_EXAMPLES.map((example) => [example.rule, [] as string[]])).entries()].map(([rule]) => {
    const phrasings = EDIT_GRAMMAR_EXAMPLES.filter((example) => example.rule === rule).map((example) => `"${example.instruction}"`);
    return `- ${rule}: ${phrasings.join(', ')}`;
  }),
  '- An image sent with the edit (images[]) in a scene: "use the new image in scene 2", "put image 1 in scene 3", "swap the picture of scene 2 for the attached image" (an image with role import that no clause places becomes a new scene at the end)',
].join('\n');

/** What the grammar read: the operations, and one line per operation saying what it understood. */
export interface ParsedEditInstruction {
  operations: EditOperation[];
  understood: string[];
}

// Hard separators always split; soft ones split only when every part reads (so "say salt and pepper" stays whole).
const HARD = /\r?\n|;/;
const SOFT = /,?\s+(?:and\s+then|and\s+also|then|and|also|und\s+dann|und|puis|et|luego|y)\s+|,\s+|\.\s+/giu;
const FILLER =
  /^(?:please|kindly|also|then|and|could you|can you|would you|will you|i want to|i'd like to|i would like to|i need you to|let's|bitte|könntest du|kannst du|könnten sie|können sie|würdest du|würden sie|ich möchte|ich hätte gern|s['’]il te plaît|s['’]il vous plaît|pourriez-vous|pourrais-tu|pouvez-vous|peux-tu|tu peux|vous pouvez|est-ce que tu peux|est-ce que vous pouvez|est-ce que vous pourriez|merci de|je voudrais|j['’]aimerais|por favor|puedes|podrías|podrias|podría|podria|puede|pueden|me gustaría|me gustaria|quiero que)[,\s]+/iu;
const POLITE_END = /,?\s*(?:please|thanks|thank you|bitte|danke|s['’]il (?:te|vous) pla[iî]t|svp|stp|merci|por favor|gracias)$/iu;

/** A clause cleaned of politeness and surrounding punctuation ("¿Puedes …?", "Könntest du bitte …"). */
function clean(clause: string): string {
  let text = clause
    .trim()
    .replace(/^[¿¡]+/u, '')
    .replace(/[.!?¿¡\s]+$/u, '')
    .trim();
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(POLITE_END, '').replace(/[.!?\s]+$/u, '').trim();
  }
  // "Mach bitte …", "make please …": a politeness word right after the verb.
  text = text.replace(/^(\p{L}+) (?:bitte|please|por favor|donc) /iu, '$1 ');
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(FILLER, '').trim();
  }
  return text.replace(/\s+/gu, ' ');
}

function readClause(clause: string, context: GrammarContext): RuleReading | undefined {
  const text = clean(clause);
  if (!text) return undefined;
  let problem: { problem: string } | undefined;
  for (const rule of GRAMMAR_RULES) {
    for (const pattern of rule.patterns) {
      const match = pattern.exec(text);
      if (!match) continue;
      const groups: Record<string, string> = { $0: match[0] };
      for (const [key, value] of Object.entries(match.groups ?? {})) if (value !== undefined) groups[key] = value;
      const reading = rule.read(groups, context);
      if (Array.isArray(reading)) return reading;
      if (reading) problem ??= reading;
    }
  }
  return problem;
}

/** Places where a soft separator may split, outside quoted text. */
function softSplits(text: string): { start: number; end: number }[] {
  const quoted: [number, number][] = [];
  for (const match of text.matchAll(/"[^"]*"|“[^”]*”|‘[^’]*’|«[^»]*»|(?<![\p{L}])'[^']*'(?![\p{L}])/gu)) quoted.push([match.index, match.index + match[0].length]);
  return [...text.matchAll(SOFT)]
    .map((match) => ({ start: match.index, end: match.index + match[0].length }))
    .filter((split) => !quoted.some(([from, to]) => split.start > from && split.start < to));
}

/** The reading of a segment with the most clauses, every clause read; undefined when there is none. */
function readSegment(text: string, context: GrammarContext): EditOperation[][] | undefined {
  const splits = softSplits(text);
  const memo = new Map<number, EditOperation[][] | null>();
  const from = (start: number): EditOperation[][] | null => {
    if (memo.has(start)) return memo.get(start)!;
    let best: EditOperation[][] | null = null;
    const ends = [...splits.filter((split) => split.start > start), { start: text.length, end: text.length }];
    for (const split of ends) {
      const reading = readClause(text.slice(start, split.start), context);
      if (!Array.isArray(reading)) continue;
      const rest = split.end >= text.length ? [] : from(split.end);
      if (rest && (!best || rest.length + 1 > best.length)) best = [reading, ...rest];
    }
    memo.set(start, best);
    return best;
  };
  return from(0) ?? undefined;
}

/** Reads what it can of an unreadable segment, left to right, for the error. */
function salvage(text: string, context: GrammarContext): { read: EditOperation[]; unreadable: { text: string; problem?: string }[] } {
  const splits = softSplits(text);
  const read: EditOperation[] = [];
  const unreadable: { text: string; problem?: string }[] = [];
  let start = 0;
  while (start < text.length) {
    const ends = [...splits.filter((split) => split.start > start), { start: text.length, end: text.length }].reverse();
    const hit = ends.map((split) => ({ split, reading: readClause(text.slice(start, split.start), context) })).find((item) => Array.isArray(item.reading));
    if (hit) {
      read.push(...(hit.reading as EditOperation[]));
      start = hit.split.end;
      continue;
    }
    const next = ends[ends.length - 1]!;
    const part = text.slice(start, next.start).trim();
    const reading = readClause(part, context);
    if (part) unreadable.push({ text: part, ...(reading && !Array.isArray(reading) ? { problem: reading.problem } : {}) });
    start = next.end;
  }
  return { read, unreadable };
}

/**
 * Reads an English edit instruction (and the commonest German, French and Spanish phrasings) into
 * edit operations on `source`, by the documented rules ({@link EDIT_GRAMMAR_EXAMPLES}). Throws
 * {@link EditGrammarError} with what it understood and {@link EDIT_GRAMMAR_HELP} when any part of
 * the instruction cannot be read: never a silent partial edit.
 */
export function parseEditInstruction(
  instruction: string,
  source: EditSource,
  options: { voices?: readonly { id: string; name: string }[] } = {},
): ParsedEditInstruction {
  const context: GrammarContext = { source, voices: options.voices ?? DEFAULT_GRAMMAR_VOICES };
  const segments = instruction.split(HARD).map((segment) => segment.trim()).filter((segment) => clean(segment) !== '');
  const operations: EditOperation[] = [];
  const unreadable: UnreadablePart[] = [];
  // A clause about the edit's own images ("add the new image") reads as no operation: its image's role does the work.
  let read = 0;
  for (const segment of segments) {
    const clauses = readSegment(segment, context);
    if (clauses) {
      operations.push(...clauses.flat());
      read += clauses.length;
      continue;
    }
    const salvaged = salvage(segment, context);
    operations.push(...salvaged.read);
    unreadable.push(...salvaged.unreadable);
  }
  const understood = operations.map(describeOperation);
  for (const part of unreadable) {
    if (!part.problem) part.closest = closestPhrasing(part.text, (candidate) => readSegment(candidate, context) !== undefined);
  }
  if (unreadable.length > 0 || (operations.length === 0 && (read === 0 || !source.attached?.length))) throw new EditGrammarError(understood, unreadable, EDIT_GRAMMAR_HELP);
  return { operations, understood };
}

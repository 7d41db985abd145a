import { invalidRequest } from '../../errors/service-error.js';
import type { CastMember } from './review-state.js';

/** The most cast sheets a video gets. */
export const MAX_CAST = 4;
/** The longest look kept, in characters. */
const MAX_LOOK = 240;

/** Capitalized words that start sentences or name no one (en, de, fr, es). */
const NOT_NAMES = new Set(
  `a an the this that these those it its i we you he she they our your my his her their there here what why how when where who which
   and or but so if then also now just only every each all some no not yes one two three first next last finally today tomorrow
   meet make show create explain tell see watch learn discover imagine picture welcome join start get try let use take
   scene step part chapter video story intro outro ending
   monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december
   der die das ein eine und oder aber wir ihr sie es ist heute dann le la les un une et ou mais nous vous ils elle est aujourd el los las una y pero nosotros hoy`
    .split(/\s+/)
    .filter(Boolean),
);

/** The texts a scene says or shows. */
export interface CastSource {
  /** What the request says (its content, without how it asks for the video). */
  prompt: string;
  /** The request as written, where a name's capital is told from a sentence start ("a film about Mara"). @default prompt */
  written?: string;
  /** The video's title, the subject when no one recurs. */
  title: string;
  /** Each planned scene's words: narration, on-screen texts, shot description. */
  scenes: string[];
  /** Attached images (asset names) and what the user said of each. */
  images: { asset: string; context?: string }[];
}

const CANDIDATE = /\p{Lu}[\p{Ll}\p{Lu}'’-]*(?:\s+\p{Lu}[\p{Ll}'’-]+){0,2}/gu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `text` mentions `name` as whole words. */
export function mentions(text: string, name: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** Capitalized names in a text, leading non-names dropped ("Meet Mara" → "Mara"). */
function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const words = match[0].split(/\s+/).filter((word) => !NOT_NAMES.has(word.toLowerCase().replace(/['’]s$/u, '')));
    const name = words.join(' ').replace(/['’]s$/u, '');
    if (name.length >= 2 && !/^\p{Lu}+$/u.test(name)) names.push(name);
  }
  return names;
}

/** The first sentence of `texts` that mentions `name`, trimmed to a look. */
function lookOf(name: string, texts: string[]): string {
  for (const text of texts) {
    const sentence = text.split(/(?<=[.!?])\s+|\n+/u).find((part) => mentions(part, name));
    if (sentence) return sentence.trim().slice(0, MAX_LOOK);
  }
  return name;
}

/**
 * The video's cast: the characters or subjects that recur (a capitalized name said in two scenes,
 * or in the request and a scene), most present first, at most {@link MAX_CAST}; when no one
 * recurs, the video's subject (its title). Each gets a look (the first sentence that mentions
 * it) and, when an attached image is said to show it (or the video has one subject and one
 * image), that image as its portrait.
 */
export function castOf(source: CastSource): CastMember[] {
  const counts = new Map<string, { name: string; scenes: number; first: number; inPrompt: boolean }>();
  source.scenes.forEach((text, index) => {
    for (const name of new Set(namesIn(text))) {
      const key = name.toLowerCase();
      const entry = counts.get(key) ?? { name, scenes: 0, first: index, inPrompt: mentions(source.prompt, name) };
      entry.scenes += 1;
      counts.set(key, entry);
    }
  });
  const texts = [source.prompt, ...source.scenes];
  const written = [source.written ?? source.prompt, ...source.scenes];
  const recurring = [...counts.values()]
    .filter((entry) => entry.scenes >= 2 || (entry.inPrompt && entry.scenes >= 1))
    // A name is capitalized inside a sentence somewhere, not only at the start of one ("Film about …").
    .filter((entry) => written.some((text) => new RegExp(`[\\p{L}\\p{N},;:'’)]\\s+${escapeRegExp(entry.name)}(?![\\p{L}\\p{N}])`, 'u').test(text)))
    // A name inside a longer recurring one ("Mara" in "Mara Lind") is the same member.
    .filter((entry, _, all) => !all.some((other) => other !== entry && other.name.length > entry.name.length && mentions(other.name, entry.name) && other.scenes >= entry.scenes))
    .sort((a, b) => b.scenes - a.scenes || Number(b.inPrompt) - Number(a.inPrompt) || a.first - b.first)
    .slice(0, MAX_CAST);
  const members: CastMember[] = recurring.length > 0
    ? recurring.map((entry) => ({ name: entry.name, look: lookOf(entry.name, texts) }))
    : [{ name: source.title.slice(0, 80), look: (source.prompt.split(/(?<=[.!?])\s+|\n+/u)[0] ?? source.title).trim().slice(0, MAX_LOOK) }];
  return members.map((member) => {
    const image = source.images.find((candidate) => candidate.context && mentions(candidate.context, member.name)) ?? (members.length === 1 && source.images.length === 1 ? source.images[0] : undefined);
    return image ? { ...member, image: image.asset } : member;
  });
}

/** What a cast change did. */
export interface CastChange {
  cast: CastMember[];
  /** Names whose sheet must be drawn again. */
  redraw: string[];
  /** One line per change, for the job's record. */
  changed: string[];
}

/**
 * Reads the changes asked for at the cast gate, clause by clause (new lines, ";" or sentences):
 * `Name: look` gives a member a new look; `rename A to B`; `remove A`; `add B: look`; any other
 * clause naming a member adds to its look. With one member a clause need not name it. A clause
 * that names no one, or a change that would leave no cast, is a 400 that changes nothing.
 */
export function readCastChanges(changes: string, cast: readonly CastMember[]): CastChange {
  let members = cast.map((member) => ({ ...member }));
  const redraw = new Set<string>();
  const changed: string[] = [];
  const find = (name: string) => members.find((member) => member.name.toLowerCase() === name.trim().toLowerCase());
  const names = () => members.map((member) => member.name).join(', ');
  const clauses = changes.split(/\r?\n|;|(?<=[.!?])\s+/u).map((clause) => clause.trim().replace(/[.!]+$/u, '').trim()).filter(Boolean);
  if (clauses.length === 0) throw invalidRequest('changes: say what to change, e.g. "Mara: short grey hair, a red coat"');
  for (const clause of clauses) {
    const rename = /^(?:rename|call)\s+(.+?)\s+(?:to|as)\s+(.+)$/iu.exec(clause);
    const remove = /^(?:remove|drop|delete|leave out)\s+(.+)$/iu.exec(clause);
    const add = /^add\s+([^:,]+?)\s*[:,]\s*(.+)$/iu.exec(clause);
    const set = /^([^:]{1,80}?)\s*:\s*(.+)$/u.exec(clause);
    if (rename && find(rename[1]!)) {
      const member = find(rename[1]!)!;
      const to = rename[2]!.trim().replace(/^["“']|["”']$/gu, '').slice(0, 80);
      changed.push(`renamed ${member.name} to ${to}`);
      member.name = to;
      redraw.add(to);
    } else if (remove && find(remove[1]!)) {
      const member = find(remove[1]!)!;
      if (members.length === 1) throw invalidRequest(`changes: "${clause}" would leave no cast; change ${member.name}'s look instead`);
      members = members.filter((other) => other !== member);
      changed.push(`removed ${member.name}`);
    } else if (add && !find(add[1]!)) {
      const name = add[1]!.trim().slice(0, 80);
      if (members.length >= MAX_CAST) throw invalidRequest(`changes: a video has at most ${MAX_CAST} cast members; remove one first (${names()})`);
      members.push({ name, look: add[2]!.trim().slice(0, MAX_LOOK) });
      redraw.add(name);
      changed.push(`added ${name}`);
    } else if (set && find(set[1]!)) {
      const member = find(set[1]!)!;
      member.look = set[2]!.trim().slice(0, MAX_LOOK);
      delete member.portrait;
      redraw.add(member.name);
      changed.push(`${member.name} looks: ${member.look}`);
    } else {
      const named = members.filter((member) => mentions(clause, member.name));
      const targets = named.length > 0 ? named : members.length === 1 ? members : [];
      if (targets.length === 0) {
        throw invalidRequest(`changes: "${clause}" names no cast member; start it with one of ${names()} (e.g. "${members[0]!.name}: short grey hair, a red coat"), or "rename", "remove" or "add"`);
      }
      for (const member of targets) {
        member.look = `${member.look}; ${clause}`.slice(-MAX_LOOK);
        delete member.portrait;
        redraw.add(member.name);
        changed.push(`${member.name}: ${clause}`);
      }
    }
  }
  return { cast: members, redraw: [...redraw].filter((name) => find(name)), changed };
}

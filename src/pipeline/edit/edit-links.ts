import { invalidRequest } from '../../errors/service-error.js';
import { SCENE_REF, sceneNumberOf } from './scene-references.js';

/** What a link in an edit's prompt is for: the soundtrack, or footage shown in a scene. */
export type EditLinkRole = 'music' | 'footage';

/** A link found in an edit's prompt, with what its clause says of it. */
export interface EditLink {
  url: string;
  /** What the clause calls it; undefined when it says neither (then a link that holds video is footage). */
  role?: EditLinkRole;
  /** The 1-based source scene the clause names ("in scene 2", "for the opening scene"), for footage. */
  scene?: number;
  /** The clause that named the link, as written. */
  clause: string;
  /** A song named without a link ("use the song 'Blue Monday' by New Order as the music"): `url` is its yt-dlp search. */
  song?: { title: string; artist?: string };
}

/** An edit's prompt read for links: the links, and the instruction left for the grammar or the model. */
export interface PromptLinks {
  links: EditLink[];
  /** The prompt without the links' clauses (empty when it was only links). */
  instruction: string;
}

/** Links one edit may import. */
export const MAX_EDIT_LINKS = 4;

/** How to say what a link is for (the 400 an unclear link gets, and docs/editing.md). */
export const EDIT_LINK_HELP =
  'Say what each link is: "use the music <url>" (or song, track, soundtrack) makes it the soundtrack; "use the clip <url> in scene 2" (or footage, video) shows it in that scene, and without a scene it becomes a new scene at the end. A song can be named instead of linked: "use the song \'Blue Monday\' by New Order as the music" (found with yt-dlp).';

const URL_PATTERN = /https?:\/\/[^\s<>"'`«»“”‘’]+/giu;
const QUOTED = /"[^"]*"|“[^”]*”|‘[^’]*’|«[^»]*»|(?<![\p{L}])'[^']*'(?![\p{L}])/gu;
const SENTENCE = /\r?\n|;|(?<=[.!?])\s+/u;
const SOFT = /,?\s+(?:and\s+then|and\s+also|then|and|also|und\s+dann|und|puis|et|luego|y)\s+|,\s+/giu;
const word = (words: string) => new RegExp(`(?<![\\p{L}\\d])(?:${words})(?![\\p{L}\\d])`, 'iu');
const MUSIC = word('music|songs?|tracks?|soundtrack|sound\\s*track|tune|backing\\s+track|musik|lied|musique|chanson|bande[- ]son|m[uú]sica|canci[oó]n|banda\\s+sonora');
const FOOTAGE = word('clips?|footage|videos?|films?|shots?|b-?roll|movie|vid[eé]o|v[ií]deo|aufnahme|filmmaterial|metraje|s[eé]quence');
/** A clause that changes words on screen: a URL in it is text to show, not a link to import. */
const TEXT_CHANGE = word('say|says|saying|read|reads|text|title|caption|headline|heading|replace|rename|narration|narrate|sagen|texte?|titel|titre|dire|decir|t[ií]tulo');
const TOKEN = /\u0001(\d+)\u0001/gu;
/** What is left of a sentence once its link clause is gone that is no instruction at all. */
const LEFTOVER = /^(?:(?:please|thanks?|thank\s+you|also|then|and|bitte|danke|merci|s'il\s+vous\s+pla[iî]t|gracias|por\s+favor)[\s.,;:!?]*)*$/iu;

const TITLE = `(?<title>"[^"]+"|“[^”]+”|'[^']+'|‘[^’]+’)`;
const BY = `(?:\\s+(?:by|from|von|de|par)\\s+(?<artist>[^,;.!?]+?))?`;
const AS = `(?:\\s+(?:as|for)\\s+(?:the\\s+)?(?<as>music|soundtrack|sound\\s*track|background\\s+music|backing\\s+track|score|musik|musique|m[uú]sica))?`;
/** Phrasings that name a song to use as the music, its title in quotes. */
const SONG_PATTERNS = [
  new RegExp(`^(?:please\\s+)?(?:use|play|add|put\\s+on|pick|choose|set)\\s+(?:the\\s+)?(?:(?<noun>song|track|tune|music|musik|lied|chanson|canci[oó]n)\\s+)?${TITLE}${BY}${AS}\\s*[.!]?$`, 'iu'),
  new RegExp(`^(?:please\\s+)?(?:make|set|change)\\s+the\\s+(?<noun>music|soundtrack)\\s+(?:to\\s+|be\\s+)?(?:the\\s+(?:song|track)\\s+)?${TITLE}${BY}\\s*[.!]?$`, 'iu'),
];

const NEXT_CLAUSE = /(?:^|\s)(?:and|then|also|und|et|y)\s+(?:make|change|set|use|add|remove|put|delete|move|swap|turn|replace|redo|regenerate|no|mach|mache|fais|haz)(?:\s|$)/iu;

/** The search yt-dlp is given for a named song: its first result. */
export const songSearch = (song: { title: string; artist?: string }) => `ytsearch1:${[song.artist, song.title].filter(Boolean).join(' ')}`;

/** A clause naming a song to use as the music, read; undefined when it names none. */
export function readSongClause(clause: string): { title: string; artist?: string } | undefined {
  const text = clause.trim().replace(/\s+/gu, ' ');
  for (const pattern of SONG_PATTERNS) {
    const match = pattern.exec(text);
    if (!match?.groups || (!match.groups.noun && !match.groups.as)) continue;
    const title = match.groups.title!.slice(1, -1).trim();
    const artist = match.groups.artist?.trim();
    // "… by New Order and make the title say Hi" is two clauses, not an artist called "New Order and make …".
    if (artist && NEXT_CLAUSE.test(artist)) continue;
    if (title) return { title, ...(artist ? { artist } : {}) };
  }
  return undefined;
}

/** Songs named in a prompt (whole sentences, else soft-separated clauses), and the prompt without their clauses. */
function findSongNames(prompt: string): { songs: EditLink[]; rest: string } {
  const songs: EditLink[] = [];
  const kept: string[] = [];
  for (const segment of prompt.split(SENTENCE)) {
    const whole = readSongClause(segment);
    if (whole) {
      songs.push({ url: songSearch(whole), role: 'music', song: whole, clause: segment.trim() });
      continue;
    }
    const parts = softParts(segment).map((part) => segment.slice(part.start, part.end));
    const rest = parts.filter((part) => {
      const song = readSongClause(part);
      if (song) songs.push({ url: songSearch(song), role: 'music', song, clause: part.trim() });
      return !song;
    });
    kept.push(rest.length === parts.length ? segment : rest.map((part) => part.trim()).filter(Boolean).join(', '));
  }
  return { songs, rest: songs.length > 0 ? kept.map((text) => text.trim()).filter(Boolean).join('\n') : prompt };
}

/** A URL as found in prose: trailing punctuation and an unmatched closing bracket are not part of it. */
function trimUrl(url: string): string {
  let text = url.replace(/[.,;:!?]+$/u, '');
  for (const [open, close] of [['(', ')'], ['[', ']']] as const) {
    while (text.endsWith(close) && text.split(open).length < text.split(close).length) text = text.slice(0, -1).replace(/[.,;:!?]+$/u, '');
  }
  return text;
}

/** What a clause (its links removed) calls a link, and the scene it names. */
function readClause(text: string, count: number): { role?: EditLinkRole; scene?: number } {
  const plain = text.replace(TOKEN, ' ');
  const sceneMatch = new RegExp(SCENE_REF, 'iu').exec(plain);
  const scene = sceneMatch ? sceneNumberOf(sceneMatch[0], count) : undefined;
  // "a music video" is footage; "the music from this video" is music.
  if (MUSIC.test(plain.replace(/music\s+videos?/giu, 'video'))) return { role: 'music' };
  if (FOOTAGE.test(plain) || scene !== undefined) return { role: 'footage', ...(scene !== undefined ? { scene } : {}) };
  return {};
}

/** A segment split at soft separators: each part's span and the separators between them. */
function softParts(segment: string): { start: number; end: number }[] {
  const parts: { start: number; end: number }[] = [];
  let start = 0;
  for (const match of segment.matchAll(SOFT)) {
    parts.push({ start, end: match.index });
    start = match.index + match[0].length;
  }
  parts.push({ start, end: segment.length });
  return parts;
}

/**
 * Finds the http(s) links in an edit's prompt and reads what each one's clause calls it: music
 * ("use this music: URL", "add URL as the soundtrack", song, track, Musik, musique, música) or
 * footage ("use the clip URL in scene 2", "add this footage URL"), with the scene it names. A link
 * in quotes, or in a clause that changes words on screen ("change the text to Visit URL"), is text
 * and stays in the instruction. A song named in quotes with no link ("use the song 'Blue Monday' by
 * New Order as the music") is a music link to yt-dlp's search for it ({@link songSearch}). The links'
 * clauses are removed from the instruction. Throws a 400 for more than {@link MAX_EDIT_LINKS} links
 * or more than one music link or song.
 */
export function findEditLinks(fullPrompt: string, sceneCount: number): PromptLinks {
  const named = findSongNames(fullPrompt);
  const found = findLinks(named.rest, sceneCount);
  const links = [...named.songs, ...found.links];
  if (links.length > MAX_EDIT_LINKS) throw invalidRequest(`prompt: an edit imports at most ${MAX_EDIT_LINKS} links; this one has ${links.length}`);
  if (links.filter((link) => link.role === 'music').length > 1) throw invalidRequest('prompt: a video has one soundtrack, so name one music link or song');
  return { links, instruction: found.instruction };
}

function findLinks(prompt: string, sceneCount: number): PromptLinks {
  const quoted = [...prompt.matchAll(QUOTED)].map((match) => [match.index, match.index + match[0].length] as const);
  const urls: string[] = [];
  const tokenized = prompt.replace(URL_PATTERN, (found: string, offset: number) => {
    if (quoted.some(([from, to]) => offset > from && offset < to)) return found;
    const url = trimUrl(found);
    urls.push(url);
    return `\u0001${urls.length - 1}\u0001${found.slice(url.length)}`;
  });
  if (urls.length === 0) return { links: [], instruction: prompt };

  const found: (EditLink | undefined)[] = urls.map(() => undefined);
  const restore = (text: string) => text.replace(TOKEN, (_token, index: string) => urls[Number(index)]!);
  const kept: string[] = [];
  for (const segment of tokenized.split(SENTENCE)) {
    const tokens = [...segment.matchAll(TOKEN)];
    if (tokens.length === 0) {
      kept.push(segment);
      continue;
    }
    const parts = softParts(segment);
    const drop = new Set<number>();
    const linkParts = parts.flatMap((part, index) => ([...segment.slice(part.start, part.end).matchAll(TOKEN)].length > 0 ? [index] : []));
    for (const index of linkParts) {
      const part = parts[index]!;
      const text = segment.slice(part.start, part.end);
      if (TEXT_CHANGE.test(text.replace(TOKEN, ' '))) continue;
      let reading = readClause(text, sceneCount);
      let clause = text;
      // "Here is a song, URL": the sentence says what a lone link is when its clause does not.
      if (!reading.role && tokens.length === 1 && !TEXT_CHANGE.test(segment.replace(TOKEN, ' '))) {
        const whole = readClause(segment, sceneCount);
        if (whole.role) {
          reading = whole;
          clause = segment;
          parts.forEach((_part, i) => drop.add(i));
        }
      }
      drop.add(index);
      for (const match of text.matchAll(TOKEN)) found[Number(match[1])] = { url: urls[Number(match[1])]!, ...reading, clause: restore(clause).trim() };
    }
    const rest = parts.filter((_part, index) => !drop.has(index)).map((part) => segment.slice(part.start, part.end).trim()).filter(Boolean);
    kept.push(rest.join(', '));
  }
  const links = found.filter((link): link is EditLink => link !== undefined);
  const instruction = restore(kept.map((text) => text.trim()).filter((text) => text && !/^[\s.,;:!?]*$/u.test(text) && !LEFTOVER.test(text)).join('\n'));
  return { links, instruction };
}

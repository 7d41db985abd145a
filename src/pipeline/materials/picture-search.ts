// Finding a library picture for words of a scene: a label, a headline, a list's points.
import { searchVisuals } from '../../catalog/visuals/index.js';
import { compoundModifierTopic, topicOf, topicPhrasesIn, type TopicWords } from '../../catalog/visuals/topic-words.js';
import { foldText, resolveVisualLanguage, tokenize, type VisualLanguage } from '../../catalog/visuals/visual-text.js';
import { readSenses } from '../../catalog/visuals/word-senses.js';

/**
 * The score a label's best illustration must reach in the search to stand for it: the picture's own
 * name, or the head of its name ("shoe" in "running shoe"), or a keyword that more than one of its
 * fields agree on. Single keywords rank too loosely still ("growth" finds a tulip), and a wrong
 * picture is worse than the kit's line icon; everyday words whose picture CLDR keeps as a mere
 * keyword ("coffee", "Geld") come from the topic table (src/catalog/visuals/topic-words.ts) instead.
 * Measured in test/pipeline/materials/picture-search.test.ts against test/fixtures/picture-judgements.ts.
 */
export const PICTURE_MIN_SCORE = 0.8;

/** The score of a picture's own name (or a label that is the word alone) in the request's language. */
const OWN_NAME_SCORE = 0.95;

/** The score of a topic word (the reviewed table in src/catalog/visuals/topic-words.ts) that is a run's head. */
const TOPIC_SCORE = 0.95;

/**
 * The score of a word that stands in for its run when the run's head has no picture: a picture's
 * own name or a topic word that modifies the head ("coffee" in "coffee subscription", "IT" in "IT
 * desk"). Below a head's own picture, so that a headline's named thing wins over a modifier.
 */
const STAND_IN_SCORE = 0.85;

interface Found {
  id: string;
  score: number;
}

/** The colour illustration (`fluent-emoji-flat:…` or a flag) that best shows a label, in the request's language, with its score; undefined when none fits well. */
function searchPicture(label: string, language: string): Found | undefined {
  const [best] = searchVisuals(label, { language, limit: 1, kinds: ['illustration', 'flag'] });
  return best && best.score >= PICTURE_MIN_SCORE ? { id: best.id, score: best.score } : undefined;
}

/** A topic's picture at a score; `null` when the topic is known to have none (no search then). */
function topicPicture(topic: TopicWords | undefined, score: number): Found | null | undefined {
  if (!topic) return undefined;
  const name = topic.pictures[0];
  return name ? { id: `fluent-emoji-flat:${name}`, score } : null;
}

/** The picture of one word or name: the topic table first, else the search. */
function bestPicture(label: string, language: string): Found | undefined {
  const topic = topicPicture(topicOf(label, resolveVisualLanguage(language)), TOPIC_SCORE);
  if (topic !== undefined) return topic ?? undefined;
  return searchPicture(label, language);
}

/** A word's picture, else the picture of its German compound's first part as a stand-in ("Wasserkreislauf": water). */
function wordPicture(word: string, language: string): Found | undefined {
  const tongue = resolveVisualLanguage(language);
  const found = bestPicture(word, language) ?? topicPicture(compoundModifierTopic(word, tongue), STAND_IN_SCORE) ?? undefined;
  if (found || tongue !== 'de') return found;
  // A German compound whose first part is a picture's own name ("Fußball|verein": a football), with
  // or without the e the compound drops ("Schul|anfang").
  const folded = foldText(word).replace(/[^\p{L}\p{N}]+/gu, '');
  for (let end = folded.length - MIN_COMPOUND_TAIL; end >= MIN_COMPOUND_MODIFIER; end -= 1) {
    for (const part of [folded.slice(0, end), `${folded.slice(0, end)}e`]) {
      const alone = searchPicture(part, language);
      if (alone && alone.score >= OWN_NAME_SCORE) return { id: alone.id, score: STAND_IN_SCORE };
    }
  }
  return undefined;
}

// The parts of a German compound read on their own: both four letters at least.
const MIN_COMPOUND_MODIFIER = 4;
const MIN_COMPOUND_TAIL = 4;

/** How a text's words are read for a picture. */
export interface PictureSearchOptions {
  /**
   * Words around the text that select an ambiguous word's sense (src/catalog/visuals/word-senses.ts):
   * the scene's other words, the video's title. @default ''
   */
  context?: string;
  /** Whether ambiguous words are read by their sense; false for words that name a picture itself (a plan's "fan"). @default true */
  senses?: boolean;
}

/** A text with its ambiguous words read by their sense: the text without them, and the picture a selected sense takes. */
function bySense(text: string, language: string, options: PictureSearchOptions): { rest: string; found?: Found; decided?: boolean } {
  if (options.senses === false) return { rest: text };
  const { rest, pictures, pictureless } = readSenses(text, language, `${text} ${options.context ?? ''}`);
  // A selected sense is the word's own picture: it scores as a picture's own name does.
  return { rest, found: pictures[0] ? { id: pictures[0], score: 1 } : undefined, decided: pictures.length > 0 || pictureless === true };
}

/** Whether a text is more than one word: a topic phrase ("piggy bank") says more than a sense of one of its words. */
const severalWords = (text: string): boolean => text.trim().split(/[^\p{L}\p{N}]+/u).filter(Boolean).length > 1;

/** The colour illustration (`fluent-emoji-flat:…` or a flag) that best shows a label, in the request's language; undefined when none fits well. */
export function pictureFor(label: string, language: string, options: PictureSearchOptions = {}): string | undefined {
  // A label the topic table knows whole ("Heat pump") is that topic, before its words are read
  // one by one ("heat" as a verb would leave a pump: a fuel pump).
  // A one-word label whose sense its context decides is that sense ("Heart" beside blood is the organ).
  const whole = topicPicture(topicOf(label, resolveVisualLanguage(language)), TOPIC_SCORE);
  const sense = bySense(label, language, options);
  if (whole !== undefined && (severalWords(label) || !sense.decided)) return whole?.id;
  if (sense.found) return sense.found.id;
  const runs = contentRuns(sense.rest, language);
  // A label of one run ("Monthly cost", "Set up your laptop") reads like a headline's run; anything
  // else as a whole.
  if (runs.length === 1) return pictureOfRun(runs[0]!, language, false)?.id;
  // A label whose only word was an ambiguous one with no sense selected shows nothing of it.
  if (runs.length === 0 && sense.rest !== label) return undefined;
  return bestPicture(sense.rest, language)?.id;
}

// Words of a headline that join its nouns but never name its subject: question words, common verbs,
// pronouns, possessives, particles and a few adjectives (besides the catalog's own articles and prepositions).
const HEADLINE_FILLER: Record<VisualLanguage, ReadonlySet<string>> = {
  en: new Set(['how', 'why', 'what', 'which', 'who', 'when', 'where', 'is', 'are', 'was', 'were', 'be', 'do', 'does', 'did', 'can', 'will', 'make', 'makes', 'work', 'works', 'get', 'gets', 'your', 'our', 'my', 'its', 'their', 'his', 'her', 'you', 'we', 'they', 'she', 'he', 'it', 'this', 'that', 'these', 'those', 'new', 'about', 'into', 'vs', 'versus', 'explained', 'guide', 'please', 'more', 'most', 'less', 'least', 'very', 'all', 'every', 'each', 'some', 'any', 'no', 'not', 'before', 'after', 'during', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'first', 'second', 'third', 'once', 'twice', 'daily', 'overnight', 'always', 'never', 'often', 'again', 'also', 'just', 'only', 'really', 'today', 'now', 'up', 'off', 'out', 'down', 'over', 'away', 'back']),
  de: new Set(['wie', 'warum', 'was', 'welche', 'welcher', 'welches', 'wer', 'wann', 'wo', 'ist', 'sind', 'war', 'funktioniert', 'funktionieren', 'macht', 'machen', 'unser', 'unsere', 'unserer', 'unseren', 'mein', 'meine', 'dein', 'deine', 'ihr', 'ihre', 'sein', 'seine', 'du', 'wir', 'sie', 'er', 'es', 'ich', 'neu', 'neue', 'neuer', 'neues', 'neuen', 'uber', 'erklart', 'bitte', 'mehr', 'meist', 'weniger', 'sehr', 'alle', 'jede', 'jeder', 'kein', 'keine', 'nicht', 'vor', 'nach', 'wahrend', 'eins', 'zwei', 'drei', 'vier', 'funf', 'sechs', 'sieben', 'acht', 'neun', 'zehn']),
  fr: new Set(['comment', 'pourquoi', 'quoi', 'quel', 'quelle', 'qui', 'quand', 'ou', 'est', 'sont', 'fonctionne', 'fonctionnent', 'marche', 'notre', 'nos', 'mon', 'ma', 'mes', 'votre', 'vos', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'vous', 'nous', 'ils', 'elle', 'nouveau', 'nouvelle', 'explique', 'plait', 'plus', 'moins', 'tres', 'tous', 'tout', 'toute', 'chaque', 'pas', 'avant', 'apres', 'pendant', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix']),
  es: new Set(['como', 'por', 'que', 'cual', 'quien', 'cuando', 'donde', 'es', 'son', 'funciona', 'funcionan', 'nuestro', 'nuestra', 'nuestros', 'nuestras', 'mi', 'mis', 'tu', 'tus', 'su', 'sus', 'usted', 'nosotros', 'ellos', 'nuevo', 'nueva', 'explicado', 'favor', 'mas', 'menos', 'muy', 'todo', 'todos', 'cada', 'no', 'antes', 'despues', 'durante', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez']),
};

// Verbs that are also the name of a picture or a topic ("pick", "book", "water", "sign"): in a
// list's point or a headline they are verbs when an article, possessive, particle or other filler
// follows them ("Book a room", "Pick up your badge", "you pick the roast", "Water the plants").
const VERBS: Record<VisualLanguage, ReadonlySet<string>> = {
  en: new Set(['pick', 'set', 'sign', 'book', 'read', 'wash', 'drink', 'keep', 'meet', 'make', 'take', 'check', 'turn', 'open', 'close', 'log', 'fill', 'plan', 'save', 'use', 'try', 'call', 'visit', 'join', 'start', 'stop', 'watch', 'park', 'water', 'order', 'store', 'cook', 'lead', 'leads', 'grow', 'grew', 'get', 'add', 'pay', 'bring', 'find', 'learn', 'put', 'run', 'test', 'write', 'light', 'heat', 'cool', 'ship', 'sleep', 'time', 'clean', 'fix', 'lock', 'mail', 'email', 'plant', 'scatter', 'scatters', 'charge', 'power', 'fuel', 'cut', 'place', 'map', 'hire', 'welcome', 'help', 'support', 'fly', 'drive', 'ride', 'walk', 'bike', 'print', 'scan', 'drill', 'wire', 'chop', 'wear']),
  de: new Set(['trinke', 'trink', 'lies', 'wasche', 'halte', 'buche', 'nimm', 'mach', 'iss', 'hol', 'hole', 'melde', 'richte', 'schlafe', 'heize', 'spare', 'fahre', 'fahr', 'plane', 'teste']),
  fr: new Set(['bois', 'buvez', 'lis', 'lisez', 'lave', 'lavez', 'garde', 'gardez', 'prends', 'prenez', 'reserve', 'reservez', 'fais', 'faites', 'mange', 'mangez', 'dormez', 'dors', 'economiser', 'economisez', 'plante', 'plantez']),
  es: new Set(['bebe', 'bebed', 'beba', 'lee', 'lea', 'lava', 'lave', 'guarda', 'toma', 'tome', 'reserva', 'reserve', 'haz', 'come', 'coma', 'duerme', 'ahorra', 'planta']),
};

// Two-letter words in capitals that name a topic ("IT", "PC"); other two-letter words never do.
const ACRONYM = /^\p{Lu}{2}$/u;

/** The runs of adjacent words of a headline that may name something ("heat pump", "cats purr"), fillers and verbs left out. */
function contentRuns(headline: string, language: string): string[][] {
  const tongue = resolveVisualLanguage(language);
  const filler = HEADLINE_FILLER[tongue];
  const verbs = VERBS[tongue];
  const runs: string[][] = [];
  // Punctuation ends a run as a filler word does: "A running shoe, please".
  for (const clause of headline.split(/[.,;:!?¿¡()"“”«»…]+/u)) {
    runs.push([]);
    const words = clause.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
    const isFiller = (word: string | undefined) => word === undefined || (!ACRONYM.test(word) && (word.length < 3 || filler.has(foldText(word)) || tokenize(word, tongue).length === 0));
    words.forEach((word, i) => {
      const folded = foldText(word);
      // A listed verb at the clause's start or before a filler is a verb: "Book a room", "Pick up".
      const verb = verbs.has(folded) && (i === 0 && words.length > 1 ? true : i + 1 < words.length && isFiller(words[i + 1]));
      if (!isFiller(word) && !verb) runs.at(-1)!.push(word);
      else if (runs.at(-1)!.length > 0) runs.push([]);
    });
  }
  return runs.filter((run) => run.length > 0);
}

// Containers, which a run names by what they hold (folded, singular and plural).
const CONTAINERS: Record<VisualLanguage, ReadonlySet<string>> = {
  en: new Set(['bag', 'bags', 'box', 'boxes', 'jar', 'jars', 'bottle', 'bottles', 'can', 'cans', 'tin', 'tins', 'cup', 'cups', 'mug', 'mugs', 'pack', 'packs', 'packet', 'packets', 'sack', 'sacks', 'crate', 'crates', 'carton', 'cartons', 'pouch', 'basket', 'baskets', 'bowl', 'bowls', 'tub', 'tubs']),
  de: new Set(['tute', 'tuten', 'beutel', 'dose', 'dosen', 'flasche', 'flaschen', 'glas', 'glaser', 'tasse', 'tassen', 'becher', 'packung', 'packungen', 'kiste', 'kisten', 'sack', 'korb', 'schale', 'schalen']),
  fr: new Set(['sac', 'sacs', 'boite', 'boites', 'bocal', 'bocaux', 'bouteille', 'bouteilles', 'canette', 'tasse', 'tasses', 'paquet', 'paquets', 'panier', 'bol', 'bols', 'pot', 'pots']),
  es: new Set(['bolsa', 'bolsas', 'caja', 'cajas', 'tarro', 'tarros', 'botella', 'botellas', 'lata', 'latas', 'taza', 'tazas', 'paquete', 'paquetes', 'saco', 'sacos', 'cesta', 'cuenco', 'bote']),
};

const INFINITIVE: Partial<Record<VisualLanguage, RegExp>> = { fr: /(er|ir|re)$/, es: /(ar|er|ir)$/ };

/**
 * The index of a run's head, the thing it names: the last word in English, the first in French and
 * Spanish; in German the last capitalised word (German capitalises its nouns: in "Fahrrad fahren"
 * the bicycle is named, not the ferry "fahren" would find), else the last.
 */
function headOf(run: string[], language: VisualLanguage): number {
  if (language === 'fr' || language === 'es') return 0;
  if (language === 'de') {
    for (let i = run.length - 1; i >= 0; i -= 1) if (/^\p{Lu}/u.test(run[i]!)) return i;
  }
  return run.length - 1;
}

/**
 * The picture of one run of words. The run as a whole first when the topic table or a picture's
 * exact name knows it ("heat pump", "running shoe"); else its head's picture; else a whole-run search;
 * else a word that stands in for the head: a topic word, or (not in sentences) a picture's own name.
 */
function pictureOfRun(run: string[], language: string, headsOnly: boolean): Found | undefined {
  // (In sentences, `headsOnly`, no other word stands in: "Revenue grew" is no money bag, "house bees" no house.)
  const tongue = resolveVisualLanguage(language);
  if (run.length === 1) return wordPicture(run[0]!, language);
  const text = run.join(' ');
  const whole = topicPicture(topicOf(text, tongue), TOPIC_SCORE);
  if (whole !== undefined) return whole ?? undefined;
  // A picture named exactly so ("maple leaf", "running shoe") before its head's ("leaf": a green one).
  const named = searchPicture(text, language);
  if (named && named.score >= 1) return named;
  let headIndex = headOf(run, tongue);
  // A container named by what it holds ("coffee bag", "honey jar", "bolsa de café") shows what it
  // holds: a clutch bag says nothing about coffee. A modifier with a picture of its own stands in.
  if (CONTAINERS[tongue].has(foldText(run[headIndex]!))) {
    const held = run.flatMap((word, i) => (i === headIndex ? [] : [wordPicture(word, language)])).find((found) => found && found.score >= OWN_NAME_SCORE);
    if (held) return held;
  }
  let head = wordPicture(run[headIndex]!, language);
  // A French or Spanish point may open with an infinitive ("Ahorrar agua", "Boire du thé"): when the
  // first word finds nothing and ends like one, the next word is the head.
  if (!head && INFINITIVE[tongue]?.test(foldText(run[0]!))) {
    headIndex = 1;
    head = wordPicture(run[1]!, language);
  }
  if (head && head.score >= OWN_NAME_SCORE) return head;
  const searched = searchPicture(text, language);
  if (searched) return searched;
  if (head || headsOnly) return head;
  let standIn: Found | undefined;
  run.forEach((word, i) => {
    if (i === headIndex || standIn) return;
    const topic = topicPicture(topicOf(word, tongue), STAND_IN_SCORE);
    if (topic) standIn = topic;
    else if (topic === undefined) {
      const alone = searchPicture(word, language);
      if (alone && alone.score >= OWN_NAME_SCORE) standIn = { id: alone.id, score: STAND_IN_SCORE };
    }
  });
  return standIn;
}

/** A text with a folded phrase's occurrences replaced by a comma, which ends a run (the text comes back folded). */
function withoutPhrase(text: string, phrase: string): string {
  const boundary = '[^\\p{L}\\p{N}]';
  return foldText(text).replace(new RegExp(`(^|${boundary})${phrase.replace(/ /g, `${boundary}+`)}(?=$|${boundary})`, 'gu'), '$1,');
}

/**
 * The hero picture of a headline ("How honeybees make honey" → a honeybee), undefined when nothing
 * fits. The headline splits into runs of adjacent words, fillers and verbs left out ("Pick up your
 * badge": "badge"); each run is read as one name first ("running shoe"), else by its head (the last
 * word in English and German, the first in French and Spanish), else a modifier stands in for the
 * head when it is a topic word or a picture's own name ("coffee subscription": coffee); with
 * `headsOnly` (a list's points), only topic words stand in ("house bees" are not a house). The
 * best-scoring run wins, the first of equals.
 */
export function heroPictureFor(headline: string, language: string, options: { headsOnly?: boolean } & PictureSearchOptions = {}): string | undefined {
  let best: Found | undefined;
  let rest = headline;
  for (const { phrase, topic } of topicPhrasesIn(headline, resolveVisualLanguage(language))) {
    const found = topicPicture(topic, TOPIC_SCORE);
    if (found && !best) best = found;
    // The phrase's words are read no further: "bomba de calor" has no bomb in it.
    rest = withoutPhrase(rest, phrase);
  }
  const sense = bySense(rest, language, { ...options, context: `${headline} ${options.context ?? ''}` });
  if (sense.found && !best) best = sense.found;
  rest = sense.rest;
  for (const run of contentRuns(rest, language)) {
    const found = pictureOfRun(run, language, options.headsOnly ?? false);
    if (found && (!best || found.score > best.score)) best = found;
  }
  return best?.id;
}

/**
 * The lowest score of a Lucide icon's search match for `iconFor`: the icon's own name or a tag that
 * names it. Line icons are the fallback for words no illustration shows, abstract ones included
 * ("Security", "Analytics"), so the bar is the icon name's weight less a little.
 */
export const ICON_MIN_SCORE = 0.85;

/**
 * The Lucide line icon (`lucide:…`) that best shows a label or headline in the request's language,
 * for abstract and business words an illustration misses ("Your manager" → lucide:user, "Team" →
 * lucide:users); undefined when none fits. Reads the label's runs like `heroPictureFor`: the topic
 * table first, else the search over Lucide names and tags (English tags stand in for other languages).
 */
export function iconFor(label: string, language: string, options: PictureSearchOptions = {}): string | undefined {
  const tongue = resolveVisualLanguage(language);
  let best: Found | undefined;
  const consider = (found: Found | undefined) => {
    if (found && (!best || found.score > best.score)) best = found;
  };
  const iconOf = (text: string, score: number): Found | undefined => {
    const topic = topicOf(text, tongue);
    if (topic?.icons[0]) return { id: `lucide:${topic.icons[0]}`, score };
    const [match] = searchVisuals(text, { language, limit: 1, kinds: ['icon'] });
    return match && match.score >= ICON_MIN_SCORE ? { id: match.id, score: match.score * score } : undefined;
  };
  // An ambiguous word gives no line icon by its letters either ("recycle glass" is no spectacles).
  let rest = bySense(label, language, options).rest;
  for (const { phrase, topic } of topicPhrasesIn(label, tongue)) {
    if (topic.icons[0]) consider({ id: `lucide:${topic.icons[0]}`, score: 1 });
    rest = withoutPhrase(rest, phrase);
  }
  for (const run of contentRuns(rest, language)) {
    const whole = iconOf(run.join(' '), 1);
    if (whole) {
      consider(whole);
      continue;
    }
    const headIndex = headOf(run, tongue);
    const head = iconOf(run[headIndex]!, 1);
    if (head) {
      consider(head);
      continue;
    }
    for (const word of run) consider(iconOf(word, STAND_IN_SCORE));
  }
  return best?.id;
}

// The length a prompt asks for in words: "Make a 20 second vertical video…", "Erkläre in 15
// Sekunden, warum…", "a one-minute explainer", "un vídeo de 30 segundos", "a two-hour film", "un
// video di 10 minuti". People state the length in the prompt as they state the shape; when
// `duration` is left out, that length is the target and the price, and one the model cannot make is
// refused, not shortened. Only lengths that speak of the video count: "boils in 10 minutes", "0 to
// 100 in 4 seconds" or "a 3-hour hike" are content, so a length counts next to a word for the video,
// after the instruction verb ("Explain in 20 seconds"), or as the video's own measure ("30 seconds
// long", "make it 45s"); and not after a word for something that already exists ("turn my 10 minute
// talk into…", "this 3 hour video").

/** Number words up to ninety, in the five languages the prompts are read in. */
const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, 'forty-five': 45, fifty: 50, sixty: 60, ninety: 90,
  ein: 1, eine: 1, einer: 1, einen: 1, eines: 1, zwei: 2, drei: 3, vier: 4, 'fünf': 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, 'zwölf': 12, 'fünfzehn': 15, zwanzig: 20, 'dreißig': 30, dreissig: 30, vierzig: 40, 'fünfundvierzig': 45, 'fünfzig': 50, sechzig: 60, neunzig: 90, anderthalb: 1.5, eineinhalb: 1.5,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, douze: 12, quinze: 15, vingt: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60, 'quatre-vingt-dix': 90,
  uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, doce: 12, quince: 15, veinte: 20, treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, noventa: 90,
  due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10, dodici: 12, quindici: 15, venti: 20, trenta: 30, quaranta: 40, quarantacinque: 45, cinquanta: 50, sessanta: 60, novanta: 90,
};

const NUMBER = String.raw`(?:\d{1,4}(?:[.,]\d{1,2})?|${Object.keys(NUMBER_WORDS).sort((a, b) => b.length - a.length).join('|')})`;
const SECONDS = String.raw`secs?|seconds?|sekunden?|sek|sekündige[snmr]?|sekündig|secondes?|segundos?|secondi|secondo`;
const MINUTES = String.raw`mins?|minutes?|minuten?|minütige[snmr]?|minütig|minutos?|minuti|minuto`;
const HOURS = String.raw`hours?|hrs?|stunden?|stündige[snmr]?|stündig|std|heures?|horas?|ore|ora`;
const UNIT = String.raw`${SECONDS}|${MINUTES}|${HOURS}`;
/** Between a number and its unit: "20 second", "20-second", "15-sekündiges", "un'ora". */
const SEP = String.raw`\s*[-'’ ]?\s*`;
/** "and a half" after an hour or a minute: "an hour and a half", "una hora y media", "un'ora e mezza", "une heure et demie", "1 Stunde und eine halbe". */
const AND_A_HALF = String.raw`(?:and a half|y media|e mezz[ao]|et demie?|und (?:eine )?halbe?)`;
/** One part of a length: a number and its unit. */
const PART = String.raw`${NUMBER}${SEP}(?:${UNIT})(?!\p{L})`;
/** Half a minute and half an hour, in the five languages. */
const HALF_MINUTE = String.raw`half a minute|half-minute|halbe[nr]? minute|demi-minute|medio minuto|mezzo minuto`;
const HALF_HOUR = String.raw`half an hour|half-hour|halbe[nr]? stunde|halbstündige[snmr]?|halbstündig|demi-heure|media hora|mezz['’]ora|mezzora`;
/** An hour and its minutes on the clock's pattern: "1h30", "2 h 15 min". */
const CLOCK = String.raw`\d{1,2}\s?h\s?\d{2}(?:\s?min)?`;
/** A length: one part, an hour and its minutes ("1 hour 30 minutes", "2 Stunden und 15 Minuten", "1h30"), one and a half, or a half. */
const LENGTH_BODY = String.raw`${PART}(?:\s*(?:,|and|und|et|y|e)?\s*${PART}|\s+${AND_A_HALF}(?!\p{L}))?|${CLOCK}(?!\p{L})|(?:(?:a|une|un|una|eine[nr]?)\s+)?(?:${HALF_MINUTE}|${HALF_HOUR})(?!\p{L})`;
const LENGTH = `(${LENGTH_BODY})`;
/** The same with a bare "s" or "h" too ("30s", "2h"), which counts only where a decade cannot be meant: right before the video's noun, or as its measure. */
const SHORT_LENGTH = String.raw`(${LENGTH_BODY}|${NUMBER}\s*[- ]?\s*(?:s|h)(?!\p{L}))`;
/** Words for the video itself, after which (or before which) a length is the video's. */
const VIDEO = String.raw`videos?|vids?|clips?|films?|filme|movies?|ads?|adverts?|commercials?|promos?|teasers?|trailers?|stings?|reels?|shorts|explainers?|explanations?|documentar(?:y|ies)|tutorials?|animations?|spots?|intros?|outros?|slideshows?|kurzvideos?|erklärvideos?|werbevideos?|werbespots?|imagefilms?|erklärung(?:en)?|dokus?|dokumentation(?:en)?|vidéos?|pubs?|publicités?|explications?|documentaires?|vídeos?|anuncios?|animaci(?:ón|ones)|explicaci(?:ón|ones)|documentales?|películas?|filmat[oi]|spiegazion[ei]|documentari[o]?|cortometraggi[o]?|story|stories|tiktoks?`;
/** Instruction verbs a sentence opens with ("Explain in 20 seconds…", "Erkläre in 15 Sekunden…", "Spiega in 30 secondi…"). */
const VERB = String.raw`explain|describe|show|tell|summari[sz]e|present|introduce|pitch|make|create|animate|erkläre|erklär|erklären sie|beschreibe|zeige|zeig|fasse|mach|mache|erstelle|explique|expliquez|décris|décrivez|montre|montrez|présente|résume|résumez|fais|faites|crée|créez|explica|explícame|explicame|describe|muestra|presenta|resume|haz|hazme|crea|spiega|spiegami|descrivi|mostra|presenta|riassumi|fai|fammi|crea|realizza`;
const IN = String.raw`in|within|under|en|unter|innerhalb von|en menos de|en moins de|entro|in meno di`;
/** Words for a thing that already exists, whose length is not the video's ("my 10 minute talk", "this 3 hour video", "diese 10-minütige Erklärung"). */
const EXISTING = String.raw`my|our|your|his|her|their|this|that|these|those|mein\p{L}*|unser\p{L}*|dein\p{L}*|ihr\p{L}*|dies\p{L}*|jene\p{L}*|mon|ma|mes|notre|nos|votre|vos|ce|cet|cette|ces|mi|mis|tu|tus|su|sus|nuestr\p{L}*|vuestr\p{L}*|este|esta|ese|esa|mio|mia|miei|mie|nostr\p{L}*|vostr\p{L}*|questo|questa|quel|quella`;
/** Where a length may start: not inside a word or a figure, not after a word for something that exists. */
const START = String.raw`(?<![\p{L}\d.,:'’])(?<!(?<![\p{L}])(?:${EXISTING})\s)`;

/** The ways a prompt states the video's length; each has the length in group 1. */
const STATED: RegExp[] = [
  // "a 20 second vertical video", "ein 15-sekündiges Erklärvideo", "a one-minute explainer", "a two-hour film", "ein 2-Stunden-Video"; "a 30s promo" (not "an 80s style video").
  new RegExp(String.raw`${START}${LENGTH}(?:[- ](?:long|lang|langes|langer))?(?:\s+[\p{L}-]+){0,2}?[\s-]+(?:${VIDEO})(?!\p{L})`, 'iu'),
  new RegExp(String.raw`${START}(?<!\bthe\s)${SHORT_LENGTH}\s+(?:${VIDEO})(?!\p{L})`, 'iu'),
  // "a video of 20 seconds", "un vídeo de 30 segundos", "une vidéo de 3 heures", "ein Video von 20 Sekunden", "un video di 10 minuti", "video, 30 seconds".
  new RegExp(String.raw`(?<!\p{L})(?:${VIDEO})(?:\s+[\p{L}-]+){0,2}?(?:\s+(?:of|de|d['’]|von|mit|di|da|that is|lasting|durant|que dure|della durata di)|\s*[,:(–—-])\s*(?:about\s+|around\s+|environ\s+|unos\s+|unas\s+|circa\s+|ca\.?\s+|etwa\s+)?${LENGTH}`, 'iu'),
  // "Explain in 20 seconds", "Erkläre in 15 Sekunden, warum…", "Explique en 30 secondes…", "Spiega in 30 secondi…".
  new RegExp(String.raw`^(?:(?:please|bitte|por favor|per favore|can you|could you)[\s,]+)?(?:${VERB})(?:\s+(?:me|us|mir|uns|moi|nous|ci))?\s+(?:${IN})\s+${SHORT_LENGTH}`, 'iu'),
  // "30 seconds long", "20 Sekunden lang", "make it 45s", "keep it under a minute", "lasting 30 seconds", "Länge: 20 Sekunden", "durée : 30 secondes", "durata: 2 ore".
  new RegExp(String.raw`${START}${SHORT_LENGTH}\s+(?:long|lang)\b`, 'iu'),
  new RegExp(String.raw`\b(?:make it|keep it(?: to| under| at)?|lasting|length:?|duration:?|länge:?|dauer:?|durée\s?:?|duración:?|durata:?)\s*(?:about\s+|around\s+|ca\.?\s+|etwa\s+|max(?:imum)?\s+)?${SHORT_LENGTH}`, 'iu'),
];

/** Articles that read as "one" before a unit. */
const ARTICLES = new Set(['a', 'an', 'ein', 'eine', 'einer', 'einen', 'eines', 'un', 'une', 'una', 'uno']);

const PART_PATTERN = new RegExp(String.raw`(${NUMBER})${SEP}(${UNIT}|s|h)(?!\p{L})`, 'giu');
const CLOCK_PATTERN = /^(\d{1,2})\s?h\s?(\d{2})/iu;
const HALF_MINUTE_PATTERN = new RegExp(`(?:${HALF_MINUTE})$`, 'iu');
const HALF_HOUR_PATTERN = new RegExp(`(?:${HALF_HOUR})$`, 'iu');

function amount(number: string): number | undefined {
  const word = NUMBER_WORDS[number.toLowerCase()];
  if (word !== undefined) return word;
  const value = Number(number.replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Seconds in one unit: a second, a minute or an hour. */
function unitSeconds(unit: string): number {
  if (new RegExp(`^(?:${HOURS}|h)$`, 'iu').test(unit)) return 3600;
  if (new RegExp(`^(?:${MINUTES})$`, 'iu').test(unit)) return 60;
  return 1;
}

/** The seconds a matched length says, or undefined when it is not a length ("a second video": an article before a second). */
function secondsOf(length: string): number | undefined {
  if (HALF_MINUTE_PATTERN.test(length)) return 30;
  if (HALF_HOUR_PATTERN.test(length)) return 1800;
  const clock = CLOCK_PATTERN.exec(length);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60;
  let total = 0;
  let last = 0;
  for (const part of length.matchAll(PART_PATTERN)) {
    const value = amount(part[1]!);
    const unit = unitSeconds(part[2]!);
    // An article is a number only before a minute or an hour: "a one-minute", "eine Stunde"; "a second video" is another video.
    if (value === undefined || (unit === 1 && ARTICLES.has(part[1]!.toLowerCase()))) return undefined;
    total += value * unit;
    last = unit;
  }
  if (total === 0) return undefined;
  if (new RegExp(`${AND_A_HALF}$`, 'iu').test(length)) total += last / 2;
  return Math.round(total);
}

/**
 * The video length a prompt states, in whole seconds, or undefined when it states none (the caller
 * uses the model's default). "20 second", "in 15 Sekunden", "a one-minute", "30s", "1.5 minutes",
 * "a two-hour", "1 hour 30 minutes", "un'ora", "3 heures".
 */
export function inferDuration(prompt: string): number | undefined {
  for (const sentence of prompt.split(/(?<=[.!?])\s+|\n+/u)) {
    const text = sentence.trim();
    for (const pattern of STATED) {
      const match = pattern.exec(text);
      if (!match) continue;
      const seconds = secondsOf(match[1]!);
      if (seconds !== undefined) return seconds;
    }
  }
  return undefined;
}

/** A length in words, for a refusal: "3 hours", "1 hour 30 minutes", "5 minutes", "90 seconds". */
export function lengthInWords(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 120 || (seconds < 3600 && seconds % 60 !== 0)) return plural(seconds, 'second');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours && plural(hours, 'hour'), minutes && plural(minutes, 'minute'), rest && plural(rest, 'second')].filter(Boolean).join(' ');
}

// The length a prompt asks for in words: "Make a 20 second vertical video…", "Erkläre in 15
// Sekunden, warum…", "a one-minute explainer", "un vídeo de 30 segundos". People state the length
// in the prompt as they state the shape; when `duration` is left out, that length is the target and
// the price. Only lengths that speak of the video count: "boils in 10 minutes" or "0 to 100 in
// 4 seconds" are content, so a length counts next to a word for the video, after the instruction
// verb ("Explain in 20 seconds"), or as the video's own measure ("30 seconds long", "make it 45s").

/** Number words up to ninety, in the four languages the prompts are read in. */
const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, fifteen: 15, twenty: 20, thirty: 30, forty: 40, 'forty-five': 45, fifty: 50, sixty: 60, ninety: 90,
  ein: 1, eine: 1, einer: 1, einen: 1, zwei: 2, drei: 3, vier: 4, 'fünf': 5, zehn: 10, 'fünfzehn': 15, zwanzig: 20, 'dreißig': 30, dreissig: 30, vierzig: 40, 'fünfundvierzig': 45, 'fünfzig': 50, sechzig: 60, neunzig: 90,
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, dix: 10, quinze: 15, vingt: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60, 'quatre-vingt-dix': 90,
  uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, diez: 10, quince: 15, veinte: 20, treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, noventa: 90,
};

const NUMBER = String.raw`(\d{1,3}(?:[.,]\d{1,2})?|${Object.keys(NUMBER_WORDS).sort((a, b) => b.length - a.length).join('|')})`;
const SECONDS = String.raw`secs?|seconds?|sekunden?|sek|sekündige[snmr]?|sekündig|secondes?|segundos?`;
const MINUTES = String.raw`mins?|minutes?|minuten?|minütige[snmr]?|minütig|minutos?`;
/** A number and its unit: "20 second", "a one-minute", "15 Sekunden", "90-sekündiges". */
const LENGTH = String.raw`${NUMBER}\s*[- ]?\s*(${SECONDS}|${MINUTES})(?!\p{L})`;
/** The same with a bare "s" too ("30s"), which counts only where a decade cannot be meant: right before the video's noun, or as its measure. */
const SHORT_LENGTH = String.raw`${NUMBER}\s*[- ]?\s*(s|${SECONDS}|${MINUTES})(?!\p{L})`;
/** Words for the video itself, after which (or before which) a length is the video's. */
const VIDEO = String.raw`videos?|vids?|clips?|films?|ads?|adverts?|commercials?|promos?|teasers?|trailers?|stings?|reels?|shorts|explainers?|animations?|spots?|intros?|outros?|slideshows?|kurzvideos?|erklärvideos?|werbevideos?|werbespots?|imagefilms?|vidéos?|pubs?|publicités?|vídeos?|anuncios?|animaci(?:ón|ones)|story|stories|tiktoks?`;
/** Instruction verbs a sentence opens with ("Explain in 20 seconds…", "Erkläre in 15 Sekunden…"). */
const VERB = String.raw`explain|describe|show|tell|summari[sz]e|present|introduce|pitch|make|create|animate|erkläre|erklär|erklären sie|beschreibe|zeige|zeig|fasse|mach|mache|erstelle|explique|expliquez|décris|décrivez|montre|montrez|présente|résume|résumez|fais|faites|crée|créez|explica|explícame|explicame|describe|muestra|presenta|resume|haz|hazme|crea`;
const IN = String.raw`in|within|under|en|unter|innerhalb von|en menos de|en moins de`;

/**
 * The ways a prompt states the video's length; each has the number in group 1 and the unit in
 * group 2.
 */
const STATED: RegExp[] = [
  // "a 20 second vertical video", "ein 15-sekündiges Erklärvideo", "a one-minute explainer"; "a 30s promo" (not "an 80s style video").
  new RegExp(String.raw`(?<![\p{L}\d.,:'’])${LENGTH}(?:[- ](?:long|lang|langes|langer))?(?:\s+[\p{L}-]+){0,2}?\s+(?:${VIDEO})\b`, 'iu'),
  new RegExp(String.raw`(?<![\p{L}\d.,:'’])(?<!\bthe\s)${SHORT_LENGTH}\s+(?:${VIDEO})\b`, 'iu'),
  // "a video of 20 seconds", "un vídeo de 30 segundos", "une vidéo de 45 secondes", "ein Video von 20 Sekunden", "video, 30 seconds".
  new RegExp(String.raw`\b(?:${VIDEO})(?:\s+[\p{L}-]+){0,2}?(?:\s+(?:of|de|d['’]|von|mit|that is|lasting|durant|que dure)|\s*[,:(–—-])\s*(?:about\s+|around\s+|environ\s+|unos\s+|ca\.?\s+|etwa\s+)?${LENGTH}\b`, 'iu'),
  // "Explain in 20 seconds", "Erkläre in 15 Sekunden, warum…", "Explique en 30 secondes…".
  new RegExp(String.raw`^(?:(?:please|bitte|por favor|can you|could you)[\s,]+)?(?:${VERB})(?:\s+(?:me|us|mir|uns|moi|nous))?\s+(?:${IN})\s+${SHORT_LENGTH}`, 'iu'),
  // "30 seconds long", "20 Sekunden lang", "make it 45s", "keep it under a minute", "lasting 30 seconds", "Länge: 20 Sekunden", "durée : 30 secondes".
  new RegExp(String.raw`(?<![\p{L}\d.,:'’])${SHORT_LENGTH}\s+(?:long|lang)\b`, 'iu'),
  new RegExp(String.raw`\b(?:make it|keep it(?: to| under| at)?|lasting|length:?|duration:?|länge:?|dauer:?|durée\s?:?|duración:?)\s*(?:about\s+|around\s+|ca\.?\s+|etwa\s+|max(?:imum)?\s+)?${SHORT_LENGTH}`, 'iu'),
];

/** Articles that read as "one" before a unit. */
const ARTICLES = new Set(['a', 'an', 'ein', 'eine', 'einer', 'einen', 'un', 'une', 'una', 'uno']);

/** "half a minute", "eine halbe Minute", "une demi-minute", "medio minuto". */
const HALF_MINUTE = /\b(?:half a minute|halbe minute|demi-minute|medio minuto)\b/iu;

function amount(number: string): number | undefined {
  const word = NUMBER_WORDS[number.toLowerCase()];
  if (word !== undefined) return word;
  const value = Number(number.replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The video length a prompt states, in whole seconds, or undefined when it states none (the caller
 * uses the model's default). "20 second", "in 15 Sekunden", "a one-minute", "30s", "1.5 minutes".
 */
export function inferDuration(prompt: string): number | undefined {
  for (const sentence of prompt.split(/(?<=[.!?])\s+|\n+/u)) {
    const text = sentence.trim();
    for (const pattern of STATED) {
      const match = pattern.exec(text);
      if (!match) continue;
      const value = amount(match[1]!);
      const minutes = new RegExp(`^(?:${MINUTES})$`, 'iu').test(match[2]!);
      // An article is a number only before a minute: "a one-minute", "eine Minute"; "a second video" is another video.
      if (value === undefined || (!minutes && ARTICLES.has(match[1]!.toLowerCase()))) continue;
      return Math.round(minutes ? value * 60 : value);
    }
    if (HALF_MINUTE.test(text) && new RegExp(String.raw`\b(?:${VIDEO})\b`, 'iu').test(text)) return 30;
  }
  return undefined;
}

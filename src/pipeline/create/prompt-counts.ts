// Counts a prompt states: "Erkläre in drei Szenen, warum …" (three scenes), "5 tips for better
// sleep" (five tips, each on screen), "our three values". A count the request states is the plan's
// count, whoever plans: the model is told it and its answer is checked against it, and the no-model
// planner makes that many.

/** Number words from two to twelve in the four languages prompts are read in. */
const NUMBER_WORDS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  zwei: 2, drei: 3, vier: 4, 'fünf': 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, 'zwölf': 12,
  deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
};

const NUMBER = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).sort((a, b) => b.length - a.length).join('|')})`;

/** Scenes or parts of the video: "in three scenes", "in drei Szenen", "en trois parties", "en tres escenas", "a 4-scene video". */
const SCENES = new RegExp(String.raw`(?<![\p{L}\d])${NUMBER}[\s-]+(?:scenes?|parts?|slides?|szenen?|teilen?|abschnitten?|scènes?|parties|partie|escenas?|partes?)(?!\p{L})`, 'iu');

/** Things a request counts that should each be on screen: tips, reasons, steps, values… */
const ITEMS = new RegExp(
  String.raw`(?<![\p{L}\d.,])${NUMBER}\s+(?:(?:[\p{L}-]+)\s+)?(tips|reasons|steps|ways|facts|things|values|mistakes|ideas|rules|benefits|questions|myths|signs|habits|tricks|secrets|lessons|principles|features|tools|stages|phases|pillars|tipps|gründe|schritte|wege|fakten|dinge|werte|fehler|ideen|regeln|vorteile|mythen|tricks|gewohnheiten|prinzipien|funktionen|phasen|conseils|raisons|étapes|façons|manières|faits|choses|valeurs|erreurs|idées|règles|avantages|astuces|mythes|habitudes|principes|fonctions|phases|consejos|razones|pasos|formas|maneras|datos|cosas|valores|errores|ideas|reglas|ventajas|trucos|mitos|hábitos|principios|funciones|fases)(?!\p{L})`,
  'iu',
);

/** What a prompt counts: the video's scenes, and things it asks to show each of. */
export interface StatedCounts {
  scenes?: number;
  items?: { count: number; noun: string };
}

function amount(text: string): number | undefined {
  const value = NUMBER_WORDS[text.toLowerCase()] ?? Number(text);
  return Number.isInteger(value) && value >= 2 && value <= 12 ? value : undefined;
}

/** The counts a prompt states: "in three scenes" (scenes: 3), "5 tips" (items: 5 tips). */
export function statedCounts(prompt: string): StatedCounts {
  const scenes = SCENES.exec(prompt);
  const items = ITEMS.exec(prompt);
  const sceneCount = scenes ? amount(scenes[1]!) : undefined;
  const itemCount = items ? amount(items[1]!) : undefined;
  return {
    ...(sceneCount !== undefined ? { scenes: sceneCount } : {}),
    ...(itemCount !== undefined ? { items: { count: itemCount, noun: items![2]!.toLowerCase() } } : {}),
  };
}

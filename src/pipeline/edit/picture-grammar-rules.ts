import { isColor, isQuoted, rx, sceneOf, type GrammarContext, type GrammarRule, type RuleReading } from './grammar-helpers.js';
import { IMAGE_REF } from './image-grammar-rules.js';
import { libraryPictureFor, pictureWords, picturesOf } from './scene-picture.js';
import { SCENE_REF } from './scene-references.js';

const S = SCENE_REF;
/** The words for a picture in English, German, French and Spanish. */
const EN = '(?:picture|image|photo|photograph|pic|illustration|icon|drawing|graphic|emoji)';
const DE = '(?:bild|foto|abbildung|illustration|symbol|icon|grafik|zeichnung)';
const FR = '(?:image|photo|illustration|ic[oô]ne|dessin|pictogramme)';
const ES = '(?:imagen|foto|fotograf[ií]a|ilustraci[oó]n|[ií]cono|dibujo)';
const EN_SWAP = '(?:replace|swap|change|exchange|switch|substitute)';
const EN_SHOW = '(?:use|put|show|add|insert|place|display|pick|choose|set)';
const DE_SWAP = '(?:ersetze|ersetz|ersetzen|tausche|tausch|austauschen|ändere|änder|wechsle)';
const DE_SHOW = '(?:zeige|zeig|verwende|nimm|nutze|benutze|setze|setz|füge|füg)';
const FR_SWAP = '(?:remplace[zr]?|change[zr]?|[ée]change[zr]?)';
const FR_SHOW = '(?:mets|mettez|mettre|montre[zr]?|affiche[zr]?|utilise[zr]?|ajoute[zr]?|place[zr]?)';
const ES_SWAP = '(?:reemplaza|reemplace|reemplazar|sustituye|sustituya|sustituir|cambia|cambie|cambiar)';
const ES_SHOW = '(?:pon|ponga|poner|muestra|muestre|mostrar|usa|use|usar|añade|añada|añadir|agrega|agregue|agregar|coloca|coloque|colocar)';

/** Words that are an image sent with the edit ("the new image", "image 2"), which the image rules place. */
const SENT_IMAGE = /^(?:new|attached|uploaded|added|sent|provided|given|enclosed|supplied|this|that|my|our|other|same|first|second|third|last|\d+|#\d+|(?:number|no\.?) ?\d+)$/iu;
const IMAGE = new RegExp(`^${IMAGE_REF}$`, 'iu');

/** Words that name another part of the video: a clause about them is not about a picture. */
const NOT_A_PICTURE = /(?<![\p{L}])(?:music|song|sound|voice|narration|narrator|text|font|colou?r|title|heading|words?|caption|background|seconds?|scenes?|slides?|musik|stimme|schrift|farbe|titel|hintergrund|sekunden|szene|musique|voix|texte|police|couleur|titre|fond|secondes|sc[eè]ne|m[uú]sica|voz|texto|fuente|t[ií]tulo|fondo|segundos|escena)(?![\p{L}])/iu;

/**
 * A `set_picture` reading: the scene, what the new picture shows, and what the old one shows when
 * the clause says ("the seal picture"). Undefined when the words are an image sent with the edit.
 */
function pictureReading(groups: Record<string, string>, context: GrammarContext): RuleReading | undefined {
  const number = sceneOf(groups.scene!, context);
  if (number === undefined) return undefined;
  const words = pictureWords(groups.words!);
  if (!words || SENT_IMAGE.test(words) || IMAGE.test(groups.words!.trim())) return undefined;
  const old = groups.old ? pictureWords(groups.old) : '';
  return [{ op: 'set_picture', scene: number, picture: words, ...(old && !SENT_IMAGE.test(old) ? { replaces: old } : {}) }];
}

/** The scenes (numbers) of the source that show a picture the words describe. */
function scenesShowing(words: string, context: GrammarContext): number[] {
  const wanted = pictureWords(words).toLowerCase();
  const id = libraryPictureFor(words, context.source.options.language);
  return context.source.scenes.flatMap((scene, index) =>
    picturesOf(scene.settings).some((slot) => slot.id === id || (wanted.length >= 3 && slot.id.split(':')[1]!.replace(/-/g, ' ').includes(wanted))) ? [index + 1] : [],
  );
}

/** Settings that name pictures and images, not words. */
const PICTURE_KEYS = new Set(['picture', 'pictures', 'image', 'images', 'icon', 'logo']);

/** Whether words appear in a scene's text or narration (so "replace X with Y" is about words). */
function inTexts(words: string, context: GrammarContext, scene?: number): boolean {
  const wanted = words.toLowerCase();
  const scenes = scene !== undefined ? context.source.scenes.slice(scene - 1, scene) : context.source.scenes;
  const shown = (settings: Record<string, unknown>) => JSON.stringify(settings, (key, value: unknown) => (PICTURE_KEYS.has(key) ? undefined : value)).toLowerCase();
  return scenes.some((item) => shown(item.settings).includes(wanted) || item.narration.toLowerCase().includes(wanted) || item.title.toLowerCase().includes(wanted));
}

/**
 * Rules for the video's library pictures, tried right after the rules for images sent with the edit:
 * "replace the picture in scene 3 with a honey jar", "replace the seal picture in the last scene
 * with a honey jar", "use a lighthouse picture in the last scene", "put a picture of a lighthouse in
 * scene 2" (and German, French and Spanish), each a `set_picture` with the words the library is
 * searched by when the edit applies.
 */
export const PICTURE_RULES: readonly GrammarRule[] = [
  {
    name: 'replace a picture',
    patterns: [
      rx(`${EN_SWAP} (?:the |its |that |this )?(?:(?<old>[^"“”]+?) )?${EN} (?:in|on|of|for|from) (?<scene>${S}) (?:with|for|to|by|into) (?<words>.+)`),
      rx(`${EN_SWAP} the ${EN} of (?:the |a |an )?(?<old>.+?) (?:in|on) (?<scene>${S}) (?:with|for|to|by|into) (?<words>.+)`),
      rx(`${EN_SWAP} (?<scene>${S})(?:'s)? (?:(?<old>[^"“”]+?) )?${EN} (?:with|for|to|by|into) (?<words>.+)`),
      rx(`${EN_SWAP} (?:the |its |that |this )?(?:(?<old>[^"“”]+?) )?${EN} (?:with|for|to|by|into) (?<words>.+?) (?:in|on) (?<scene>${S})`),
      rx(`${DE_SWAP} (?:das |die |den )?(?:(?<old>[\\p{L}-]+?)[- ]?)?${DE}(?:es|s)? (?:in|auf|von|aus) (?<scene>${S}) (?:durch|gegen|mit|zu) (?<words>.+?)(?: aus| um)?`),
      rx(`${DE_SWAP} (?:das |die |den )?${DE} (?:der|des|vom|von der|von dem|von) (?<old>.+?) (?:in|auf) (?<scene>${S}) (?:durch|gegen|mit|zu) (?<words>.+?)(?: aus| um)?`),
      rx(`${FR_SWAP} (?:l['’]|la |le |les )${FR}(?: (?:du|de la|de l['’]|des|d['’]|de) ?(?<old>.+?))? (?:de|dans|sur|du) (?<scene>${S}) (?:par|en|contre|pour) (?<words>.+)`),
      rx(`${ES_SWAP} (?:la |el )${ES}(?: (?:del|de la|de los|de las|de) (?<old>.+?))? (?:de|en|del) (?<scene>${S}) (?:por|con) (?<words>.+)`),
    ],
    read: pictureReading,
  },
  {
    name: 'use a picture',
    patterns: [
      rx(`${EN_SHOW} (?:it )?(?<words>.+?) ${EN}s? (?:in|on|for|into|to) (?<scene>${S})`),
      rx(`${EN_SHOW} (?:an? |the )?${EN} of (?<words>.+?) (?:in|on|for|into|to) (?<scene>${S})`),
      rx(`(?:give|make) (?<scene>${S}) (?<words>.+?) ${EN}`),
      rx(`${DE_SHOW} (?:ein |das |eine )?${DE} (?:von |eines |einer |mit )?(?<words>.+?) (?:in|auf|für) (?<scene>${S})(?: ein)?`),
      rx(`${DE_SHOW} (?<words>.+?)[- ]${DE} (?:in|auf|für) (?<scene>${S})(?: ein)?`),
      rx(`${FR_SHOW} (?:une |l['’]|la |le )?${FR} (?:d['’]|de |du |des )(?<words>.+?) (?:dans|sur|à|pour|en) (?<scene>${S})`),
      rx(`${ES_SHOW} (?:una |la |el |un )?${ES} (?:de |del )(?<words>.+?) en (?<scene>${S})`),
    ],
    read: pictureReading,
  },
  {
    // "replace the seal with a honey jar": unquoted words that appear in no text but that a scene's picture shows.
    name: 'replace a pictured thing',
    patterns: [
      rx(`(?:replace|swap) (?<old>[^"'“”‘’]+?) (?:in|on) (?<scene>${S}) (?:with|for|by) (?<words>.+)`),
      rx(`(?:replace|swap) (?<old>[^"'“”‘’]+?) (?:with|for|by) (?<words>.+?)(?: (?:in|on) (?<scene>${S}))?`),
    ],
    read: (g, c) => {
      if (isQuoted(g.old!) || isQuoted(g.words!) || NOT_A_PICTURE.test(g.old!) || NOT_A_PICTURE.test(g.words!)) return undefined;
      const named = g.scene ? sceneOf(g.scene, c) : undefined;
      if (g.scene && named === undefined) return undefined;
      if (inTexts(pictureWords(g.old!), c, named) || inTexts(g.old!, c, named)) return undefined;
      const showing = scenesShowing(g.old!, c).filter((scene) => named === undefined || scene === named);
      if (showing.length !== 1) return undefined;
      return pictureReading({ ...g, scene: `scene ${showing[0]}` }, c);
    },
  },
];

/**
 * Pictures named without a picture word, tried after every other rule: "show a lighthouse in scene
 * 2", "zeige einen Leuchtturm in Szene 2", "montre un phare dans la scène 2", "muestra un faro en la
 * escena 2". Read only when the library has a picture of the words (a "show" clause that names one
 * it lacks says so), and never about music, text, colors or fonts.
 */
export const PICTURE_SHOW_RULES: readonly GrammarRule[] = [
  {
    name: 'show a thing',
    patterns: [
      rx(`(?<verb>show|display|put|add|insert|place|use) (?<words>.+?) (?:in|on|into|to) (?<scene>${S})`),
      rx(`(?:let|make|have) (?<scene>${S}) (?<verb>show|display) (?<words>.+)`),
      rx(`(?:in|on) (?<scene>${S}),? (?<verb>show|display|put|use) (?<words>.+)`),
      rx(`(?<scene>${S}) should (?<verb>show|display) (?<words>.+)`),
      rx(`(?<verb>zeige|zeig|verwende|nimm|setze|setz|füge|füg) (?:in|auf) (?<scene>${S}) (?<words>.+?)(?: ein| an)?`),
      rx(`(?<verb>zeige|zeig|verwende|nimm|setze|setz|füge|füg) (?<words>.+?) (?:in|auf|für) (?<scene>${S})(?: ein| an)?`),
      rx(`(?<verb>${FR_SHOW}) (?<words>.+?) (?:dans|sur|à|pour) (?<scene>${S})`),
      rx(`(?<verb>${ES_SHOW}) (?<words>.+?) en (?<scene>${S})`),
    ],
    read: (g, c) => {
      const words = pictureWords(g.words!);
      if (!words || isQuoted(g.words!) || isColor(words) || NOT_A_PICTURE.test(words)) return undefined;
      const reading = pictureReading(g, c);
      if (!Array.isArray(reading) || libraryPictureFor(words, c.source.options.language)) return reading;
      return /^(?:show|display|zeig|montre|affiche|muestr|mostrar)/iu.test(g.verb!) ? { problem: `the picture library has no picture of "${words}"; name the thing in other words (a single common noun finds the most)` } : undefined;
    },
  },
];

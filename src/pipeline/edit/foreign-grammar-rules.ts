import { lengthReading, pairReading, textColorReading, textSizeReading, titleReading } from './everyday-grammar-rules.js';
import { colorOf, moodOf, nthTitleScene, rx, sceneOf, type GrammarRule, type RuleReading } from './grammar-helpers.js';
import { BARE_REF, ORDINAL_WORD, SCENE_REF } from './scene-references.js';

const S = SCENE_REF;
const NTH = `(?:(?<nth>${ORDINAL_WORD}) )?`;
const QUOTED = `(?<text>["'“‘«„‚»].+)`;

// German: an imperative first ("Mach den Titel rot"), or the infinitive last after "Kannst du …" ("den Titel rot machen").
const DE_MAKE = '(?:mach|mache|macht)';
const DE_SECONDS = '(?:(?:etwa|genau|nur|ungefähr|höchstens) )?(?:(?<seconds>\\d+(?:[.,]\\d+)?)\\s*(?:s|sek\\.?|sekunden?)|(?<minutes>\\d+(?:[.,]\\d+)?)\\s*(?:min\\.?|minuten?)|(?<one>eine) minute|(?<half>eine halbe) minute)';
const DE_VIDEO = '(?:das video|den clip|den film|es|alles)';
const DE_TEXT = '(?:den text|die texte|die schrift|die schriftgröße|die schriftgrösse|die buchstaben)';
const DE_TITLE = `(?:den|die) ${NTH}(?:titel|überschrift)`;
const DE_SIZE = '(?<amount>etwas |ein bisschen |ein wenig |viel |deutlich )?(?<change>größer|grösser|groesser|kleiner)';
const DE_WHERE = `(?: (?:in|auf|von|der) (?<scene>${S}))?`;

// French: imperative (tu, vous) or infinitive after "Pourriez-vous …".
const FR_PUT = '(?:mets|mettez|mettre)';
const FR_MAKE = '(?:fais|faites|faire|rends|rendez|rendre)';
const FR_CHANGE = '(?:change[zr]?|modifie[zr]?|remplace[zr]?)';
const FR_SECONDS = '(?:(?:environ|exactement|seulement|juste) )?(?:(?<seconds>\\d+(?:[.,]\\d+)?)\\s*(?:s|sec\\.?|secondes?)|(?<minutes>\\d+(?:[.,]\\d+)?)\\s*(?:min\\.?|minutes?)|(?<one>une) minute|(?<half>une demi-)minute)';
const FR_VIDEO = '(?:la vid[ée]o|le clip|le film|la)';
const FR_TEXT = "(?:le texte|les textes|la police|l['’][ée]criture|les caract[eè]res|les lettres)";
const FR_SIZE = '(?<amount>un peu |beaucoup |bien )?(?<change>plus (?:grand|gros|petit)e?s?)';
const FR_WHERE = `(?: (?:de|dans|sur|du) (?<scene>${S}))?`;

// Spanish: imperative (tú, usted) or infinitive after "¿Puedes …?".
const ES_PUT = '(?:pon|ponga|poner|deja|deje|dejar)';
const ES_MAKE = '(?:haz|haga|hacer)';
const ES_CHANGE = '(?:cambia|cambie|cambiar|modifica|modifique|modificar)';
const ES_SECONDS = '(?:(?:unos|exactamente|solo|sólo) )?(?:(?<seconds>\\d+(?:[.,]\\d+)?)\\s*(?:s|seg\\.?|segundos?)|(?<minutes>\\d+(?:[.,]\\d+)?)\\s*(?:min\\.?|minutos?)|(?<one>un) minuto|(?<half>medio) minuto)';
const ES_VIDEO = '(?:el v[ií]deo|el clip|la pel[ií]cula)';
const ES_TEXT = '(?:el texto|los textos|la letra|las letras|la fuente|la tipograf[ií]a)';
const ES_SIZE = '(?<amount>un poco |mucho )?(?<change>m[aá]s (?:grandes?|peque[ñn][oa]s?)|mayor|menor)';
const ES_WHERE = `(?: (?:de|en|del) (?<scene>${S}))?`;

const musicReading = (groups: Record<string, string>): RuleReading | undefined => {
  const mood = moodOf(groups.mood!);
  return mood ? [{ op: 'set_music', music: true, mood }] : undefined;
};
const backgroundReading = (groups: Record<string, string>): RuleReading | undefined => {
  const color = colorOf(groups.color!);
  if (typeof color === 'string') return [{ op: 'restyle', colors: { background: color } }];
  return /farbe|couleur|color/iu.test(groups.$0 ?? '') ? color : undefined;
};
const retimeReading = (groups: Record<string, string>, context: Parameters<GrammarRule['read']>[1]): RuleReading | undefined => {
  const number = sceneOf(groups.scene!, context);
  if (number === undefined) return undefined;
  if (groups.seconds) return [{ op: 'retime', scene: number, seconds: Number(groups.seconds.replace(',', '.')) }];
  const shorter = /k[uü]rz|raccourc|court|acort|cort|recort/iu.test(groups.change!);
  const how = (groups.amount ?? '').toLowerCase();
  const factor = /etwas|bisschen|wenig|peu|poco/u.test(how) ? 1.25 : /viel|beaucoup|mucho/u.test(how) ? 2 : undefined;
  return [{ op: 'retime', scene: number, change: shorter ? 'shorter' : 'longer', ...(factor ? { factor } : {}) }];
};
const moveReading = (groups: Record<string, string>, context: Parameters<GrammarRule['read']>[1]): RuleReading | undefined => {
  const number = sceneOf(groups.scene!, context);
  if (number === undefined) return undefined;
  const end = /ende|hinten|fin|dernier|[uú]ltim|final/iu.test(groups.edge!);
  return [{ op: 'reorder', scene: number, to: { position: end ? 'end' : 'start' } }];
};
const swapReading = (groups: Record<string, string>, context: Parameters<GrammarRule['read']>[1]): RuleReading | undefined => {
  const a = sceneOf(groups.a!, context);
  const b = sceneOf(groups.b!, context);
  return a === undefined || b === undefined ? undefined : [{ op: 'swap', scenes: [a, b] }];
};
const titleTextReading = (groups: Record<string, string>, context: Parameters<GrammarRule['read']>[1]): RuleReading | undefined => {
  const number = groups.scene ? sceneOf(groups.scene, context) : nthTitleScene(groups.nth, context);
  return number === undefined ? undefined : titleReading(number, groups.text!, context);
};

/**
 * The everyday phrasings in German, French and Spanish (imperative, or infinitive after a polite
 * "Könntest du …", "Pourriez-vous …", "¿Puedes …?"): the title's words and color, the text's color
 * and size, the background, the music's mood, the video's length, and swapping, moving and
 * retiming scenes. Removing scenes and switching sound off are core rules.
 */
export const FOREIGN_RULES: readonly GrammarRule[] = [
  {
    name: 'title (de/fr/es)',
    patterns: [
      rx(`(?:änder|ändere|setz|setze|benenne) ${DE_TITLE} (?:in|zu|auf) (?<text>.+?)(?: um)?`),
      rx(`${DE_TITLE} (?:in|zu|auf) (?<text>.+?) (?:ändern|setzen|umbenennen)`),
      rx(`(?:der|die) ${NTH}(?:titel|überschrift) soll (?<text>.+?) (?:lauten|heißen|heissen|sein|sagen)`),
      rx(`(?:der|die) ${NTH}(?:titel|überschrift) soll (?:lauten|heißen|heissen):? (?<text>.+)`),
      rx(`${FR_CHANGE} le ${NTH}titre (?:en|par|pour|à) (?<text>.+)`),
      rx(`le ${NTH}titre doit (?:dire|être|afficher) (?<text>.+)`),
      rx(`(?:que le|le) ${NTH}titre (?:dise|affiche) (?<text>.+)`),
      rx(`${ES_CHANGE} el ${NTH}t[ií]tulo (?:a|por|para que diga) (?<text>.+)`),
      rx(`(?:que )?el ${NTH}t[ií]tulo (?:diga|debe decir|tiene que decir|sea) (?<text>.+)`),
      rx(`${ES_PUT} (?:como t[ií]tulo |de t[ií]tulo )${QUOTED}`),
    ],
    read: titleTextReading,
  },
  {
    name: 'title and text color (de/fr/es)',
    patterns: [
      rx(`(?:${DE_MAKE}|färbe|färb) ${DE_TITLE} (?:in )?(?<color>.+)`),
      rx(`${DE_TITLE} (?:in )?(?<color>.+?) (?:machen|färben|einfärben)`),
      rx(`(?:der|die) (?:titel|überschrift) soll (?:in )?(?<color>.+?) sein`),
      rx(`(?:${DE_MAKE}|färbe|färb) ${DE_TEXT}${DE_WHERE} (?:in )?(?<color>.+)`),
      rx(`${DE_TEXT}${DE_WHERE} (?:in )?(?<color>.+?) (?:machen|färben|einfärben)`),
      rx(`(?:ändere|setze|mach|mache) die (?:schrift|text)farbe (?:auf |zu |in )?(?<color>.+)`),
      rx(`die (?:schrift|text)farbe (?:auf |zu |in )?(?<color>.+?) (?:ändern|setzen|machen)`),
      rx(`(?:${FR_PUT}|${FR_MAKE}|colore[zr]?) le ${NTH}titre (?:en )?(?<color>.+)`),
      rx(`${FR_CHANGE} la couleur du ${NTH}titre (?:en|pour|à|par) (?<color>.+)`),
      rx(`(?:${FR_PUT}|${FR_MAKE}|colore[zr]?) ${FR_TEXT}${FR_WHERE} (?:en )?(?<color>.+)`),
      rx(`${FR_CHANGE} la couleur (?:du texte|de la police|des textes)${FR_WHERE} (?:en|pour|à|par) (?<color>.+)`),
      rx(`(?:${ES_PUT}|${ES_MAKE}) el ${NTH}t[ií]tulo (?:en |de (?:color )?)?(?<color>.+)`),
      rx(`${ES_CHANGE} el color del ${NTH}t[ií]tulo (?:a|por|en) (?<color>.+)`),
      rx(`(?:${ES_PUT}|${ES_MAKE}) ${ES_TEXT}${ES_WHERE} (?:en |de (?:color )?)?(?<color>.+)`),
      rx(`${ES_CHANGE} el color (?:del texto|de la letra|de los textos)${ES_WHERE} (?:a|por|en) (?<color>.+)`),
    ],
    read: textColorReading,
  },
  {
    name: 'text size (de/fr/es)',
    patterns: [
      rx(`${DE_MAKE} (?:${DE_TEXT}|${DE_TITLE})${DE_WHERE} ${DE_SIZE}`),
      rx(`(?:${DE_TEXT}|${DE_TITLE})${DE_WHERE} ${DE_SIZE} machen`),
      rx(`(?<change>vergrößere|vergrössere|verkleinere) (?:${DE_TEXT}|${DE_TITLE})${DE_WHERE}`),
      rx(`(?:${DE_TEXT}|${DE_TITLE})${DE_WHERE} (?<change>vergrößern|vergrössern|verkleinern)`),
      rx(`(?<amount>etwas |viel )?(?<change>größere|grössere|kleinere) schrift`),
      rx(`(?:${FR_PUT}|${FR_MAKE}) (?:${FR_TEXT}|le ${NTH}titre)${FR_WHERE} ${FR_SIZE}`),
      rx(`(?<change>agrandis|agrandissez|agrandir|grossis|grossissez|grossir|r[ée]duis|r[ée]duisez|r[ée]duire|augmente[zr]?|diminue[zr]?|rapetisse[zr]?) (?:la taille (?:du|de la|des) )?(?:${FR_TEXT}|le ${NTH}titre|texte|titre|police|textes)${FR_WHERE}`),
      rx(`(?:un |des )?(?:texte|police|caract[eè]res|lettres) ${FR_SIZE}`),
      rx(`(?:${ES_MAKE}|${ES_PUT}) (?:${ES_TEXT}|el ${NTH}t[ií]tulo)${ES_WHERE} ${ES_SIZE}`),
      rx(`(?<change>agranda|agrande|agrandar|aumenta|aumente|aumentar|reduce|reduzca|reducir|achica|achique|achicar|disminuye|disminuya|disminuir) (?:el tama[ñn]o (?:del|de la|de los|de las) )?(?:${ES_TEXT}|el ${NTH}t[ií]tulo|texto|t[ií]tulo|letra|letras|fuente)${ES_WHERE}`),
      rx(`(?:un |una )?(?:texto|letra|fuente) ${ES_SIZE}`),
    ],
    read: textSizeReading,
  },
  {
    name: 'background (de/fr/es)',
    patterns: [
      rx(`(?:${DE_MAKE}|ändere|änder|setze|setz|färbe) (?:den hintergrund|die hintergrundfarbe) (?:in |zu |auf )?(?<color>.+)`),
      rx(`(?:den hintergrund|die hintergrundfarbe) (?:in |zu |auf )?(?<color>.+?) (?:machen|ändern|setzen|färben)`),
      rx(`(?:${FR_PUT}|${FR_MAKE}|${FR_CHANGE}) (?:le fond|l['’]arri[eè]re-plan) (?:en |à |par |pour )?(?<color>.+)`),
      rx(`${FR_CHANGE} la couleur (?:du fond|de fond|de l['’]arri[eè]re-plan) (?:en |à |par |pour )(?<color>.+)`),
      rx(`(?:un )?fond (?<color>.+)`),
      rx(`(?:${ES_PUT}|${ES_MAKE}|${ES_CHANGE}) el fondo (?:en |de (?:color )?|a )?(?<color>.+)`),
      rx(`${ES_CHANGE} el color (?:del|de) fondo (?:a |en |por )(?<color>.+)`),
    ],
    read: backgroundReading,
  },
  {
    name: 'music mood (de/fr/es)',
    patterns: [
      rx(`(?:(?:nimm|nehmt|verwende|benutze|nutze|spiel|spiele) )?(?:eine |einen )?(?<mood>[\\p{L}]+) (?:musik|hintergrundmusik)(?: verwenden| nehmen| benutzen| spielen)?`),
      rx(`${DE_MAKE} die musik (?<mood>(?:etwas |viel )?[\\p{L}]+)`),
      rx(`die musik (?<mood>(?:etwas |viel )?[\\p{L}]+) machen`),
      rx(`die musik soll (?<mood>(?:etwas )?[\\p{L}]+) sein`),
      rx(`(?:(?:${FR_PUT}|utilise[zr]?|choisis|choisissez|prends|prenez) )?(?:une |de la |la )?musique (?<mood>(?:un peu )?(?:plus )?[\\p{L}]+)`),
      rx(`${FR_MAKE} la musique (?<mood>(?:un peu )?(?:plus )?[\\p{L}]+)`),
      rx(`(?:(?:${ES_PUT}|usa|use|usar|elige|elija|elegir) )?(?:una |la )?m[uú]sica (?<mood>(?:un poco )?(?:m[aá]s )?[\\p{L}]+)`),
      rx(`${ES_MAKE} (?:que )?la m[uú]sica (?:sea )?(?<mood>(?:un poco )?(?:m[aá]s )?[\\p{L}]+)`),
    ],
    read: musicReading,
  },
  {
    name: 'video length (de/fr/es)',
    patterns: [
      rx(`${DE_MAKE} ${DE_VIDEO} ${DE_SECONDS} lang`),
      rx(`${DE_VIDEO} ${DE_SECONDS} lang machen`),
      rx(`(?:kürze|kürz|verkürze|verlängere|schneide|bringe|bring|setze|setz) ${DE_VIDEO} auf ${DE_SECONDS}(?: zusammen| herunter| runter)?`),
      rx(`${DE_VIDEO} auf ${DE_SECONDS} (?:kürzen|verkürzen|verlängern|bringen|zusammenschneiden|setzen)`),
      rx(`${DE_VIDEO} soll (?:nur )?${DE_SECONDS} (?:lang sein|dauern|lang)`),
      rx(`(?:setze|ändere|setz) die (?:länge|dauer)(?: des videos)? auf ${DE_SECONDS}`),
      rx(`${FR_MAKE} (?:une )?vid[ée]o de ${FR_SECONDS}`),
      rx(`${FR_MAKE} durer ${FR_VIDEO} ${FR_SECONDS}`),
      rx(`(?:r[ée]duis|r[ée]duisez|r[ée]duire|raccourcis|raccourcissez|raccourcir|rallonge[zr]?|allonge[zr]?|coupe[zr]?|ram[eè]ne[zr]?|passe[zr]?) ${FR_VIDEO} (?:à|en) ${FR_SECONDS}`),
      rx(`la vid[ée]o doit (?:durer|faire) ${FR_SECONDS}`),
      rx(`${FR_MAKE} (?:en sorte )?que la vid[ée]o (?:dure|fasse) ${FR_SECONDS}`),
      rx(`(?:${FR_PUT}|fixe[zr]?) la dur[ée]e(?: de la vid[ée]o)? à ${FR_SECONDS}`),
      rx(`${ES_MAKE} que ${ES_VIDEO} dure ${ES_SECONDS}`),
      rx(`${ES_MAKE} un v[ií]deo de ${ES_SECONDS}`),
      rx(`(?:acorta|acorte|acortar|recorta|recorte|recortar|reduce|reduzca|reducir|alarga|alargue|alargar|extiende|extienda|extender|deja|deje|dejar) ${ES_VIDEO} (?:a|en|hasta) ${ES_SECONDS}`),
      rx(`${ES_VIDEO} (?:debe|tiene que) durar ${ES_SECONDS}`),
      rx(`(?:que )?${ES_VIDEO} dure ${ES_SECONDS}`),
    ],
    read: lengthReading,
  },
  {
    name: 'swap scenes (de/fr/es)',
    patterns: [
      rx(`(?:tausche|tausch|vertausche|vertausch|wechsle) (?:die )?(?<which>ersten|letzten) (?:beiden|zwei|2) (?:szenen|folien|karten)`),
      rx(`(?:die )?(?<which>ersten|letzten) (?:beiden|zwei|2) (?:szenen|folien|karten) (?:tauschen|vertauschen)`),
      rx(`(?:[ée]change[zr]?|inverse[zr]?|intervertis|intervertissez|intervertir|permute[zr]?) les deux (?<which>premi[eè]res|derni[eè]res) (?:sc[eè]nes|diapositives|diapos)`),
      rx(`(?:intercambia|intercambie|intercambiar|invierte|invierta|invertir) (?:las )?dos (?<which>primeras|[uú]ltimas) (?:escenas|diapositivas)`),
    ],
    read: (g, c) => pairReading(g.which!, c),
  },
  {
    name: 'swap two scenes (de/fr/es)',
    patterns: [
      rx(`(?:tausche|tausch|vertausche|vertausch) (?:die )?(?:szenen?|folien?) (?<a>${BARE_REF}) (?:und|mit) (?<b>${BARE_REF})`),
      rx(`(?:tausche|tausch|vertausche|vertausch) (?<a>${S}) (?:und|mit) (?<b>${S})`),
      rx(`(?:die )?(?:szenen|folien) (?<a>${BARE_REF}) und (?<b>${BARE_REF}) (?:tauschen|vertauschen)`),
      rx(`(?:[ée]change[zr]?|inverse[zr]?|intervertis|intervertissez|intervertir|permute[zr]?) les (?:sc[eè]nes|diapositives|diapos) (?<a>${BARE_REF}) et (?<b>${BARE_REF})`),
      rx(`(?:[ée]change[zr]?|inverse[zr]?|intervertis|intervertissez|intervertir|permute[zr]?) (?<a>${S}) (?:et|avec) (?<b>${S})`),
      rx(`(?:intercambia|intercambie|intercambiar|invierte|invierta|invertir) (?:las )?(?:escenas|diapositivas) (?<a>${BARE_REF}) y (?<b>${BARE_REF})`),
      rx(`(?:intercambia|intercambie|intercambiar|invierte|invierta|invertir) (?<a>${S}) (?:y|con) (?<b>${S})`),
    ],
    read: swapReading,
  },
  {
    name: 'move scene (de/fr/es)',
    patterns: [
      rx(`(?:verschiebe|verschieb|schiebe|schieb|setze|setz|stelle|stell|bewege) (?<scene>${S}) (?<edge>an den anfang|nach vorne|an den start|ganz nach vorne|an das ende|ans ende|nach hinten|ganz nach hinten)`),
      rx(`(?<scene>${S}) (?<edge>an den anfang|nach vorne|ans ende|an das ende|nach hinten) (?:verschieben|setzen|stellen|schieben)`),
      rx(`(?:d[ée]place[zr]?|${FR_PUT}|place[zr]?) (?<scene>${S}) (?<edge>au d[ée]but|en premier|en t[eê]te|à la fin|en dernier)`),
      rx(`(?:mueve|mueva|mover|${ES_PUT}|coloca|coloque|colocar|pasa|pase|pasar) (?<scene>${S}) (?<edge>al principio|al inicio|al comienzo|primero|al final|de primera|de [uú]ltima)`),
    ],
    read: moveReading,
  },
  {
    name: 'retime scene (de/fr/es)',
    patterns: [
      rx(`${DE_MAKE} (?<scene>${S}) (?<amount>etwas |ein bisschen |ein wenig |viel )?(?<change>kürzer|länger|laenger)`),
      rx(`(?<scene>${S}) (?<amount>etwas |ein bisschen |viel )?(?<change>kürzer|länger|laenger) machen`),
      rx(`(?<change>kürze|kürz|verkürze|verlängere|verlängre) (?<scene>${S})`),
      rx(`(?<scene>${S}) (?<change>kürzen|verkürzen|verlängern)`),
      rx(`(?<scene>${S}) soll (?<seconds>\\d+(?:[.,]\\d+)?)\\s*(?:s|sek\\.?|sekunden?) (?:dauern|lang sein)`),
      rx(`(?<change>raccourcis|raccourcissez|raccourcir|allonge[zr]?|rallonge[zr]?|prolonge[zr]?) (?<scene>${S})`),
      rx(`${FR_MAKE} (?<scene>${S}) (?<amount>un peu |beaucoup )?plus (?<change>courte?|longue?)`),
      rx(`(?<scene>${S}) doit durer (?<seconds>\\d+(?:[.,]\\d+)?)\\s*(?:s|sec\\.?|secondes?)`),
      rx(`(?<change>acorta|acorte|acortar|alarga|alargue|alargar|extiende|extienda|extender|prolonga|prolongue|prolongar) (?<scene>${S})`),
      rx(`${ES_MAKE} (?<scene>${S}) (?<amount>un poco |mucho )?m[aá]s (?<change>corta|larga)`),
      rx(`(?<scene>${S}) (?:debe )?dur(?:e|ar) (?<seconds>\\d+(?:[.,]\\d+)?)\\s*(?:s|seg\\.?|segundos?)`),
    ],
    read: retimeReading,
  },
];

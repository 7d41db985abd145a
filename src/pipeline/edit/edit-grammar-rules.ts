import { canonicalFontFamily, shippedFonts } from '../../catalog/fonts.js';
import { findVoice, unknownVoiceProblem } from '../../catalog/find-voice.js';
import { EMBEDDED_VOICES } from '../speech/embedded-voices.js';
import { NARRATION_LANGUAGES, isNarrationLanguage } from '../speech/languages.js';
import type { EditOperation } from './edit-operations.js';
import { EVERYDAY_RULES, titleReading } from './everyday-grammar-rules.js';
import { FOREIGN_RULES } from './foreign-grammar-rules.js';
import { colorOf, moodOf, nthTitleScene, rx, sceneOf, unquote, type GrammarRule, type RuleReading } from './grammar-helpers.js';
import { IMAGE_RULES } from './image-grammar-rules.js';
import { PICTURE_RULES, PICTURE_SHOW_RULES } from './picture-grammar-rules.js';
import { BARE_REF, ORDINAL_WORD, SCENE_NOUN, SCENE_REF } from './scene-references.js';

export { unquote, type GrammarContext, type GrammarRule, type RuleReading } from './grammar-helpers.js';

const S = SCENE_REF;
const scene = sceneOf;
/** An optional ordinal before "title": "the first title", "the last title". */
const NTH = `(?:(?<nth>${ORDINAL_WORD}) )?`;

const COLOR_ROLE: Record<string, 'primary' | 'secondary' | 'accent'> = { primary: 'primary', main: 'primary', brand: 'primary', accent: 'accent', highlight: 'accent', secondary: 'secondary' };

function restyleColor(role: string | undefined, text: string): RuleReading {
  const color = colorOf(text);
  if (typeof color !== 'string') return color;
  const key = role ? (COLOR_ROLE[role.toLowerCase()] ?? 'primary') : 'primary';
  return [{ op: 'restyle', colors: { [key]: color } }];
}

const LANGUAGE_ALIASES: Record<string, string> = { deutsch: 'de', français: 'fr', francais: 'fr', español: 'es', espanol: 'es', italiano: 'it', português: 'pt', portugues: 'pt', nederlands: 'nl', mandarin: 'zh', chinese: 'zh', norwegian: 'nb', farsi: 'fa', allemand: 'de', anglais: 'en', espagnol: 'es', alemán: 'de', aleman: 'de', inglés: 'en', ingles: 'en', francés: 'fr', frances: 'fr', englisch: 'en', französisch: 'fr', spanisch: 'es', deutsche: 'de' };

function languageOf(text: string): string | undefined {
  const name = text.trim().toLowerCase();
  if (isNarrationLanguage(name)) return name;
  if (LANGUAGE_ALIASES[name]) return LANGUAGE_ALIASES[name];
  return Object.entries(NARRATION_LANGUAGES).find(([, label]) => label.toLowerCase() === name)?.[0];
}

const OFF = '(?:no|without|remove(?: the)?|drop(?: the)?|turn off(?: the)?|mute(?: the)?|disable(?: the)?|get rid of(?: the)?|lose the|kill the)';
const ON = '(?:add(?: some| a| the)?|with(?: some)?|turn on(?: the)?|enable(?: the)?|put back(?: the)?|bring back(?: the)?|use)';
const SECONDS = '(?<seconds>\\d+(?:[.,]\\d+)?)\\s*(?:s|sec|secs|seconds?|sekunden|secondes|segundos)';

/**
 * The rules, tried in order; the first whose pattern matches and whose reading is not undefined wins.
 * Each phrasing is matched against a whole clause (the instruction split at "and", ";", "then", new lines).
 */
export const GRAMMAR_RULES: readonly GrammarRule[] = [
  ...IMAGE_RULES,
  ...PICTURE_RULES,
  {
    name: 'title',
    patterns: [
      rx(`(?:make|have|let) the ${NTH}(?:video(?:'s)? )?(?:main )?title (?:say|read|be) (?<text>.+)`),
      rx(`(?:change|set|update|rename) the ${NTH}(?:video(?:'s)? )?(?:main )?title to (?<text>.+)`),
      rx(`the ${NTH}(?:video(?:'s)? )?(?:main )?title should (?:say|read|be) (?<text>.+)`),
      rx(`(?:make|have|let) the title (?:of|on|in) (?<scene>${S}) (?:say|read|be) (?<text>.+)`),
      rx(`(?:change|set|update) the title (?:of|on|in) (?<scene>${S}) to (?<text>.+)`),
      rx(`retitle(?: it| the video)? (?:to |as )?(?<text>.+)`),
      rx(`rename the video (?:to |as )?(?<text>.+)`),
    ],
    read: (g, c) => {
      const number = g.scene ? scene(g.scene, c) : nthTitleScene(g.nth, c);
      return number === undefined ? undefined : titleReading(number, g.text!, c);
    },
  },
  {
    name: 'scene text',
    patterns: [
      rx(`(?:change|set|update|replace|make) the (?:text|heading|headline|words|wording|caption) (?:of|in|on|for) (?<scene>${S}) (?:to|say|read) (?<text>.+)`),
      rx(`(?:change|set|update) (?<scene>${S})(?:'s)? (?:text|heading|headline|wording) to (?<text>.+)`),
      rx(`(?:make|have|let) (?<scene>${S}) (?:say|read) (?<text>.+)`),
      rx(`(?:change|set) (?<scene>${S}) to say (?<text>.+)`),
    ],
    read: (g, c) => {
      const number = scene(g.scene!, c);
      return number === undefined ? undefined : [{ op: 'retext', scene: number, text: unquote(g.text!) }];
    },
  },
  {
    name: 'replace text',
    patterns: [
      rx(`(?:replace|swap|change) (?<find>"[^"]+"|'[^']+'|“[^”]+”|‘[^’]+’) (?:with|by|to|for) (?<replace>"[^"]*"|'[^']*'|“[^”]*”|‘[^’]*’)(?: (?:in|on) (?<scene>${S}))?`),
      rx(`replace (?<find>.+?) (?:in|on) (?<scene>${S}) with (?<replace>.+)`),
      rx(`replace (?<find>.+?) with (?<replace>.+?)(?: (?:in|on) (?<scene>${S}))?`),
    ],
    read: (g, c) => {
      const number = g.scene ? scene(g.scene, c) : undefined;
      if (g.scene && number === undefined) return undefined;
      return [{ op: 'replace_text', find: unquote(g.find!), replace: unquote(g.replace!), ...(number !== undefined ? { scene: number } : {}) }];
    },
  },
  {
    name: 'background color',
    patterns: [
      rx(`(?:make|set|change|turn|paint) the background(?: colou?r)? (?:to |into )?(?<color>.+)`),
      rx(`use an? (?<color>.+?) background(?: colou?r)?`),
      rx(`(?:change the )?background(?: colou?r)?(?: to|:)? (?<color>.+)`),
    ],
    read: (g) => {
      const color = colorOf(g.color!);
      return typeof color === 'string' ? [{ op: 'restyle', colors: { background: color } }] : color;
    },
  },
  {
    name: 'color',
    patterns: [
      rx(`(?:change|set|make|switch|turn) the (?:(?<role>primary|main|brand|accent|highlight|secondary) )?colou?rs? (?:to |into )?(?<color>.+)`),
      rx(`use (?<color>.+?) as the (?:(?<role>primary|main|brand|accent|highlight|secondary) )?colou?r`),
      rx(`make (?:it|everything|the video) (?<color>.+)`),
      rx(`(?:(?<role>primary|main|brand|accent|highlight|secondary) )?colou?r:? (?<color>#[0-9a-f]{3,6})`),
    ],
    read: (g) => {
      const reading = restyleColor(g.role, g.color!);
      // "make it shorter" is not a color: only an explicit "color" phrase reports a bad color.
      return 'problem' in reading && !/colou?r/i.test(g.$0 ?? '') ? undefined : reading;
    },
  },
  {
    name: 'voice',
    patterns: [
      rx(`(?:use|switch to|change to|try) (?:the )?voice (?<voice>.+)`),
      rx(`(?:use|switch to|change to|try) (?:the )?(?<voice>[\\w-]+)(?:'s)? voice`),
      rx(`(?:change|set|switch) the (?:narrator(?:'s)? |narration )?voice to (?<voice>.+)`),
      rx(`(?:let|have) (?<voice>[\\w-]+) narrate(?: it| the video)?`),
    ],
    read: (g, c) => {
      const wanted = unquote(g.voice!);
      const voice = findVoice(wanted, c.voices);
      return voice ? [{ op: 'set_voice', voice: voice.id }] : { problem: unknownVoiceProblem(wanted, c.voices) };
    },
  },
  {
    name: 'font',
    patterns: [
      rx(`(?:change|set) the (?<role>heading|headline|title|body|text) fonts? to (?<font>.+)`),
      rx(`(?:change|set|switch) the fonts? to (?<font>.+?)(?: for (?:the )?(?<role>headings?|headlines?|titles?|body(?: text)?|text|everything|all(?: text)?))?`),
      rx(`(?:use|switch to) (?:the )?(?:font )?(?<font>.+?)(?: font)?(?: for (?:the )?(?<role>headings?|headlines?|titles?|body(?: text)?|text|everything|all(?: text)?))?`),
    ],
    read: (g) => {
      const name = unquote(g.font!).replace(/^font\s+/i, '');
      const family = canonicalFontFamily(name);
      if (!family) return /font/i.test(g.$0 ?? '') ? { problem: `font "${name}" is not shipped; use one of: ${shippedFonts().map((font) => font.family).join(', ')}` } : undefined;
      const role = (g.role ?? '').toLowerCase();
      if (/^(?:heading|headline|title)/.test(role)) return [{ op: 'restyle', fonts: { heading: family } }];
      if (/^(?:body|text)/.test(role)) return [{ op: 'restyle', fonts: { body: family } }];
      return [{ op: 'restyle', fonts: { heading: family, body: family } }];
    },
  },
  {
    name: 'duration',
    patterns: [
      rx(`make (?<scene>${S}) (?:last |run )?(?:(?:about|exactly|only) )?${SECONDS}(?: long)?`),
      rx(`(?:set|change) (?:the )?(?:length|duration|time) of (?<scene>${S}) to ${SECONDS}`),
      rx(`(?<scene>${S}) should (?:be|last) ${SECONDS}(?: long)?`),
      rx(`make (?<scene>${S}) (?<amount>a (?:bit|little) |slightly |much |a lot )?(?<change>shorter|longer|quicker|faster|slower)`),
      rx(`(?<change>shorten|lengthen|extend|speed up|slow down) (?<scene>${S})`),
    ],
    read: (g, c) => {
      const number = scene(g.scene!, c);
      if (number === undefined) return undefined;
      if (g.seconds) return [{ op: 'retime', scene: number, seconds: Number(g.seconds.replace(',', '.')) }];
      const change = /short|quick|fast|speed/i.test(g.change!) ? 'shorter' : 'longer';
      const amount = (g.amount ?? '').trim().toLowerCase();
      const factor = /bit|little|slightly/.test(amount) ? 1.25 : /much|lot/.test(amount) ? 2 : undefined;
      return [{ op: 'retime', scene: number, change, ...(factor ? { factor } : {}) }];
    },
  },
  {
    name: 'remove scene',
    patterns: [rx(`(?:remove|delete|drop|cut|skip|take out|get rid of) (?<scene>${S})`)],
    read: (g, c) => {
      const number = scene(g.scene!, c);
      return number === undefined ? undefined : [{ op: 'remove_scene', scene: number }];
    },
  },
  {
    name: 'move scene',
    patterns: [
      rx(`(?:move|put) (?<scene>${S}) (?:to )?(?:the )?(?<edge>start|beginning|front|top|end|back|bottom)(?: of the video)?`),
      rx(`(?:move|put) (?<scene>${S}) (?<side>before|after|behind|in front of) (?<target>${S})`),
      rx(`(?:make|let) (?<scene>${S}) (?:come |go )?(?<edge>first|last)`),
      rx(`(?:open|start) with (?<scene>${S})`),
    ],
    read: (g, c) => {
      const number = scene(g.scene!, c);
      if (number === undefined) return undefined;
      if (g.target) {
        const target = scene(g.target, c);
        if (target === undefined) return undefined;
        return [{ op: 'reorder', scene: number, to: /before|front/i.test(g.side!) ? { before: target } : { after: target } }];
      }
      const end = g.edge ? /end|back|bottom|last/i.test(g.edge) : false;
      return [{ op: 'reorder', scene: number, to: { position: end ? 'end' : 'start' } }];
    },
  },
  {
    name: 'swap scenes',
    patterns: [
      rx(`(?:swap|switch|exchange|flip|trade) (?:the (?:order|positions|places) of )?(?:the )?(?:${SCENE_NOUN} )?(?<a>${BARE_REF}) (?:and|with|&) (?:${SCENE_NOUN} )?(?<b>${BARE_REF})(?: ${SCENE_NOUN}| ones?)?`),
      rx(`(?:swap|switch|exchange|flip|trade) (?:the (?:order|positions|places) of )?(?<a>${S}) (?:and|with|&) (?<b>${S})`),
    ],
    read: (g, c) => {
      const a = scene(g.a!, c);
      const b = scene(g.b!, c);
      return a === undefined || b === undefined ? undefined : [{ op: 'swap', scenes: [a, b] }];
    },
  },
  {
    name: 'add scene',
    patterns: [
      rx(`add (?:a |an |one more |another )?(?:new )?(?<closing>closing |final |ending |opening )?(?:scene|slide)(?: (?<where>at the (?:end|start|beginning)|(?:before|after) ${S}))?,? (?:saying|that says|which says|reading|with the (?:text|words)|with) (?<text>.+)`),
      rx(`(?<where>at the (?:end|start|beginning)|(?:before|after) ${S}),? add (?:a |an )?(?:new )?(?:scene|slide) (?:saying|that says|reading|with the (?:text|words)|with) (?<text>.+)`),
      rx(`add (?:a |an |one more |another )?(?:new )?(?:scene|slide),? (?:saying|that says|reading|with the (?:text|words)) (?<text>.+?),? (?<where>at the (?:end|start|beginning)|(?:before|after) ${S})`),
      rx(`(?:end|close|finish) (?:the video |it )?with (?:a scene |a slide )?(?:saying )?(?<text>.+)`),
    ],
    read: (g, c) => {
      const text = unquote(g.text!);
      if (text.length > 80) return { problem: `an added scene's text is at most 80 characters; this one has ${text.length}` };
      const where = (g.where ?? '').toLowerCase();
      let at: Extract<EditOperation, { op: 'add_scene' }>['at'] = { position: /opening/i.test(g.closing ?? '') || /start|beginning/.test(where) ? 'start' : 'end' };
      const ref = /(before|after) (.+)/.exec(where);
      if (ref) {
        const target = scene(ref[2]!, c);
        if (target === undefined) return undefined;
        at = ref[1] === 'before' ? { before: target } : { after: target };
      }
      return [{ op: 'add_scene', at, content: { kind: 'kinetic', text }, narration: text }];
    },
  },
  {
    name: 'language',
    patterns: [
      rx(`(?:narrate|speak|voice|read)(?: it| the video| everything)? in (?<language>[\\p{L} ]+)`),
      rx(`(?:change|set|switch) the (?:narration |spoken |voice )?language to (?<language>[\\p{L} ]+)`),
      rx(`(?:make it|switch to|translate(?: it)?(?: in)?to) (?<language>[\\p{L} ]+)`),
    ],
    read: (g) => {
      const code = languageOf(g.language!);
      if (code) return [{ op: 'set_language', language: code }];
      return /language/i.test(g.$0 ?? '') ? { problem: `unknown language "${g.language!.trim()}"; name one of the 74 narration languages, for example German or "de"` } : undefined;
    },
  },
  {
    name: 'music',
    patterns: [
      rx(`${OFF} (?:the )?(?:background )?(?<off>music|soundtrack|score)`),
      rx(`(?:turn|switch) (?:the )?music (?<off>off)`),
      rx(`${ON} (?:a |an |some )?(?:(?<mood>(?:more |less |a bit |a little )?[\\p{L}-]+) )?(?:background )?music`),
      rx(`(?:turn|switch) (?:the )?music (?:back )?on`),
      rx(`make the (?:background )?music (?<mood>(?:a bit |a little |much |even )?(?:more )?[\\p{L}-]+)`),
      rx(`(?:keine|ohne) musik|pas de musique|sans musique|sin m[uú]sica|(?<on2>mit musik|avec musique|con m[uú]sica)`),
    ],
    read: (g) => {
      if (g.off || (/keine|ohne|pas de|sans|sin m/i.test(g.$0 ?? '') && !g.on2)) return [{ op: 'set_music', music: false }];
      if (!g.mood || /^background$/i.test(g.mood)) return [{ op: 'set_music', music: true }];
      const mood = moodOf(g.mood);
      return mood ? [{ op: 'set_music', music: true, mood }] : undefined;
    },
  },
  {
    name: 'sound effects',
    patterns: [
      rx(`${OFF} (?:the )?(?<off>sound effects|sfx|sound fx|whooshes)`),
      rx(`${ON} (?:the )?(?:sound effects|sfx|sound fx)`),
      rx(`(?<off>keine soundeffekte|ohne soundeffekte|pas d'effets sonores|sans effets sonores|sin efectos(?: de sonido)?)`),
    ],
    read: (g) => [{ op: 'set_sfx', sfx: !g.off }],
  },
  {
    name: 'narration',
    patterns: [
      rx(`${OFF} (?:the )?(?<off>narration|narrator|voice[- ]?over|voice|speech|speaking)`),
      rx(`${ON} (?:a )?(?:narration|narrator|voice[- ]?over)`),
      rx(`(?:change|set) the narration (?:of|for|in|on) (?<scene>${S}) to (?<text>.+)`),
      rx(`(?:let|have) the narrator say (?<text>.+?) (?:in|on|over) (?<scene>${S})`),
      rx(`(?<off>keine sprecher(?:stimme)?|ohne sprecher(?:stimme)?|ohne erzähler|pas de narration|sans narration|sans voix off|sin narraci[oó]n|sin voz en off)`),
    ],
    read: (g, c) => {
      if (g.text) {
        const number = scene(g.scene!, c);
        return number === undefined ? undefined : [{ op: 'set_narration', scene: number, text: unquote(g.text) }];
      }
      return [{ op: 'set_narration', narration: !g.off }];
    },
  },
  {
    name: 'regenerate scene',
    patterns: [
      rx(`(?:redo|regenerate|rewrite|remake|redraw|rebuild|recreate|refaire) (?<scene>${S})(?:\\s*[:,–-]\\s*(?<instruction>.+)| so (?:that )?(?<instruction2>.+))?`),
      rx(`(?<scene>${S}) (?:again|neu generieren|neu erstellen)`),
    ],
    read: (g, c) => {
      const number = scene(g.scene!, c);
      const instruction = g.instruction ?? g.instruction2;
      return number === undefined ? undefined : [{ op: 'regenerate_scene', scene: number, ...(instruction ? { instruction: instruction.trim() } : {}) }];
    },
  },
  {
    name: 'remove scene (de/fr/es)',
    patterns: [
      rx(`(?<scene>${S}) (?:entfernen|löschen|streichen)`),
      rx(`(?:entferne|lösche|streiche|supprime[rz]?|enl[eè]ve[rz]?|elimina[r]?|borra[r]?|quita[r]?) (?<scene>${S})`),
    ],
    read: (g, c) => {
      const number = scene(g.scene!, c);
      return number === undefined ? undefined : [{ op: 'remove_scene', scene: number }];
    },
  },
  ...EVERYDAY_RULES,
  ...FOREIGN_RULES,
  ...PICTURE_SHOW_RULES,
];

/** The voices the grammar knows by default: the embedded ones. */
export const DEFAULT_GRAMMAR_VOICES: readonly { id: string; name: string }[] = EMBEDDED_VOICES;

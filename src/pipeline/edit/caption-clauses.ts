import type { CaptionPosition, CaptionsOption, CaptionStyle } from '../speech/caption-chunks.js';

// An edit's words about burned-in captions ("add karaoke captions", "remove the subtitles",
// "put the captions at the top"): read here, so the prompt's phrasing works on edits as it does on
// create, and the rest of the instruction goes to the edit grammar or model as before.

const CAPTION_WORD = /\b(?:captions?|subtitles?|untertitel\w*|sous-titres?|subt[ií]tulos|legendas|sottotitoli)\b/iu;
const REMOVE = /\b(?:remove|delete|drop|no|without|turn\s+off|hide|entferne\w*|ohne|keine|supprime\w*|sans|quita\w*|elimina\w*|sin)\b/iu;
const STYLES: [CaptionStyle, RegExp][] = [
  ['karaoke', /\bkaraoke\b|word[- ]by[- ]word|highlight/iu],
  ['bold', /\bbold\b|\bbig\b|\blarge\b|fett|gras|negrita/iu],
  ['clean', /\bclean\b|\bsimple\b|\bplain\b|\bsubtle\b/iu],
];
const POSITIONS: [CaptionPosition, RegExp][] = [
  ['top', /\btop\b|\boben\b|en\s+haut|arriba/iu],
  ['middle', /\bmiddle\b|\bcent(?:er|re)\b|\bmitte\b|au\s+milieu|en\s+el\s+centro/iu],
  ['bottom', /\bbottom\b|\bunten\b|en\s+bas|abajo/iu],
];

/**
 * Splits an edit's instruction into its clauses about captions and the rest: the captions they ask
 * for (off, or a look and place; a clause naming neither asks for clean ones at the bottom) and the
 * instruction without them. Clauses are the grammar's hard ones (lines, semicolons) and "and"/",".
 */
export function readCaptionClauses(instruction: string): { rest: string; captions?: CaptionsOption } {
  const clauses = instruction.split(/\r?\n|;|,?\s+(?:and\s+then|and|then|und|et|y)\s+|,\s+|\.\s+/iu);
  // A clause with quoted text is about that text ("replace 'captions' with 'subtitles'"), not about captions.
  const isAbout = (clause: string) => CAPTION_WORD.test(clause) && !/["'“”‘’«»]/u.test(clause);
  const about = clauses.filter(isAbout);
  if (about.length === 0) return { rest: instruction };
  const rest = clauses.filter((clause) => !isAbout(clause) && clause.trim()).join('; ');
  const text = about.join(' ');
  if (REMOVE.test(text)) return { rest, captions: false };
  const style = STYLES.find(([, pattern]) => pattern.test(text))?.[0];
  const position = POSITIONS.find(([, pattern]) => pattern.test(text))?.[0];
  return { rest, captions: { ...(style ? { style } : {}), ...(position ? { position } : {}) } };
}

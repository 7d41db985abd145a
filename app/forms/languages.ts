/** The narration languages the node speaks (README "Narration languages"; src/pipeline/speech/languages.ts). */
export const NARRATION_LANGUAGES = (
  'af am ar as az be bg bn bs ca cs cy da de el en eo es et fa fi fr ga gd gu he hi hr hu hy id is it ja ka kk kn ky la lt lv mi ' +
  'mk ml mr ms mt my nb ne nl or pa pl pt ro ru si sk sl sq sr sv sw ta te th tr tt uk ur uz vi zh'
).split(' ');

/** A language code with its English name where the runtime knows it: `de` → `German (de)`. */
export function languageLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code);
    return name === undefined || name === code ? code : `${name} (${code})`;
  } catch {
    return code;
  }
}

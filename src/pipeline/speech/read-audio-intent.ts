/** "Silent" about the video itself, not a topic such as silent films. */
const SILENT = /\b(?:(?:make|keep) it|completely|totally|fully)\s+(?:silent|mute[d]?)\b|\b(?:silent|muted?)\s+(?:video|clip|version|animation|slideshow)\b|\bno\s+(?:sound|audio)\b|^\s*silent\b/i;

/**
 * Phrasings that turn narration or music off when the request leaves them unset ("unless the
 * request reads otherwise"), in the languages people most often write prompts in.
 */
const NO_NARRATION = [
  /\b(?:no|without|skip|zero|disable)\s+(?:a\s+|any\s+)?(?:voice[- ]?over|voice|narration|narrator|speech|talking|spoken words)\b/i,
  /\b(?:music|soundtrack)[- ]only\b/i,
  /\bonly\s+(?:music|a soundtrack)\b/i,
  /\bjust\s+(?:music|a soundtrack)\s*(?:[,.;!?)]|$)/i,
  SILENT,
  /\bdon'?t\s+(?:narrate|add (?:a )?voice)/i,
  /\bohne\s+(?:sprecher|erzähler|stimme|kommentar|voice[- ]?over)/i, // de
  /\bnur\s+musik\b/i,
  /\bstumm\b/i,
  /\bsans\s+(?:voix|narration|narrateur|commentaire)/i, // fr
  /\b(?:musique seulement|(?:uniquement|juste|seulement) (?:de la )?musique)\b/i,
  /\bmuet(?:te)?\b/i,
  /\bsin\s+(?:voz|narración|narrador|locución)/i, // es
  /\bsolo\s+música\b/i,
  /\bsilencios[oa]\b/i,
  /\bsem\s+(?:voz|narração|narrador|locução)/i, // pt
  /\bsenza\s+(?:voce|narrazione|narratore)/i, // it
  /\bzonder\s+(?:stem|voice[- ]?over|verteller)/i, // nl
  /без\s+(?:озвучк|голос|диктор)/i, // ru
  /ナレーションなし|ナレーション無し|音声なし/, // ja
  /无旁白|不要旁白|没有旁白|无配音/, // zh
];

const NO_MUSIC = [
  /\b(?:no|without|skip|zero|disable)\s+(?:any\s+|background\s+)*(?:music|soundtrack|score|background track)\b/i,
  /\b(?:narration|voice[- ]?over|voice)[- ]only\b/i,
  /\bonly\s+(?:narration|the voice|voice[- ]?over)\b/i,
  SILENT,
  /\bohne\s+(?:musik|hintergrundmusik)\b/i, // de
  /\bstumm\b/i,
  /\bsans\s+musique\b/i, // fr
  /\bmuet(?:te)?\b/i,
  /\bsin\s+música\b/i, // es
  /\bsilencios[oa]\b/i,
  /\bsem\s+música\b/i, // pt
  /\bsenza\s+musica\b/i, // it
  /\bzonder\s+muziek\b/i, // nl
  /без\s+музык/i, // ru
  /音楽なし|音楽無し|BGMなし/, // ja
  /无音乐|不要音乐|没有音乐|无背景音乐/, // zh
];

/** What the prompt says about narration and music: false where it turns one off, else undefined. */
export function readAudioIntent(prompt: string): { narration?: false; music?: false } {
  return {
    ...(NO_NARRATION.some((pattern) => pattern.test(prompt)) ? { narration: false as const } : {}),
    ...(NO_MUSIC.some((pattern) => pattern.test(prompt)) ? { music: false as const } : {}),
  };
}

/** Phrases that direct the production (sound, captions) rather than say what the video is about. */
const DIRECTIVES =
  /[,;]?\s*\b(?:(?:with|add|include|plus)\s+(?:burned-in\s+)?(?:captions|subtitles)|(?:with\s+)?(?:no|without)\s+(?:any\s+|background\s+)*(?:music|soundtrack|voice[- ]?over|voice|narration|captions|subtitles|sound|audio)|(?:music|voice[- ]?over|narration)[- ]only|(?:make|keep) it (?:silent|muted?))\b[,;]?/gi;

/** The prompt without production directives, for the planner's words ("Tides, with captions." → "Tides."). */
export function stripDirectives(prompt: string): string {
  const stripped = prompt.replace(DIRECTIVES, '').replace(/\s+([.!?,;:])/g, '$1').replace(/\s{2,}/g, ' ').trim();
  return stripped.length >= 3 ? stripped : prompt;
}

export { searchVisuals, visualKeywords, VISUAL_MATCH_THRESHOLD, type SearchVisualsOptions, type VisualMatch } from './search-visuals.js';
export { visualSvg, type VisualSvgOptions } from './visual-svg.js';
export { VISUAL_SETS, type VisualKind, type VisualSet } from './visual-sets.js';
export { VISUAL_LANGUAGES, type VisualLanguage } from './visual-text.js';
export { visualIndex } from './visual-index.js';

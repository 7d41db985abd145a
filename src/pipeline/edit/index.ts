export { applyEditOperations, DEFAULT_RETIME_FACTOR, MIN_SCENE_SECONDS, type EditContext, type EditResult } from './apply-edit-operations.js';
export { EditError, EditGrammarError } from './edit-errors.js';
export { EDIT_GRAMMAR_EXAMPLES, EDIT_GRAMMAR_HELP, parseEditInstruction, type EditGrammarExample, type ParsedEditInstruction } from './edit-grammar.js';
export {
  describeOperation,
  editOperationSchema,
  editOperationsSchema,
  parseEditOperations,
  type EditOperation,
  type EditOperationName,
  type NewSceneContent,
  type Placement,
} from './edit-operations.js';
export { editSourceOf, type AttachedEditImage, type EditOptions, type EditScene, type EditSource, type StoredJob } from './edit-source.js';
export { EDIT_LINK_HELP, findEditLinks, MAX_EDIT_LINKS, readSongClause, songSearch, type EditLink, type EditLinkRole, type PromptLinks } from './edit-links.js';
export { importEditLinks, type ImportedClip, type ImportedLinks, type ImportedMusic } from './import-edit-links.js';
export { applyEditLinks, MAX_ADDED_CLIP_SECONDS, planWithLinks } from './apply-edit-links.js';
export { attachedEditImages, editImageAsset, MAX_EDIT_IMAGES, planWithImages, prepareEditImages, type PreparedEditImages } from './edit-images.js';
export { applyEditImages } from './apply-edit-images.js';
export { imagePalette, type ImagePalette } from './image-palette.js';

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
export { editSourceOf, type EditOptions, type EditScene, type EditSource, type StoredJob } from './edit-source.js';

import { ServiceError } from '../../errors/service-error.js';

/**
 * An edit operation that cannot apply to its source (scene 9 of 6, an unknown font, a color that is
 * not hex). A 400 `invalid_request` whose message starts with the operation's field
 * (`operations[1].scene: …`); nothing was changed.
 */
export class EditError extends ServiceError {
  /** The refused field, `operations[i].<field>`. */
  readonly field: string;

  constructor(field: string, problem: string) {
    super('invalid_request', `${field}: ${problem}`, { details: [{ field, message: problem }] });
    this.name = 'EditError';
    this.field = field;
  }
}

/**
 * An edit instruction the rule-based grammar cannot read. A 400 `invalid_request` whose message
 * says what was understood, what was not, and (in {@link EditGrammarError.help}) what can be said.
 */
export class EditGrammarError extends ServiceError {
  /** What the grammar did read, one line per operation. */
  readonly understood: string[];
  /** The parts of the instruction it could not read, as written, and why when it recognised the phrasing. */
  readonly unreadable: { text: string; problem?: string }[];
  /** The grammar's help text (`EDIT_GRAMMAR_HELP`). */
  readonly help: string;

  constructor(understood: string[], unreadable: { text: string; problem?: string }[], help: string) {
    const read = understood.length > 0 ? ` Understood: ${understood.join('; ')}.` : ' Nothing in it was understood.';
    const parts = unreadable.map((part) => `"${part.text}"${part.problem ? ` (${part.problem})` : ''}`);
    const missed = unreadable.length > 0 ? `could not read ${parts.join(', ')}.` : 'the instruction is empty.';
    super('invalid_request', `prompt: ${missed}${read}\n\n${help}`, {
      details: [{ field: 'prompt', message: missed }],
    });
    this.name = 'EditGrammarError';
    this.understood = understood;
    this.unreadable = unreadable;
    this.help = help;
  }
}

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

/** A part of an instruction the grammar could not read: as written, why (when it recognised the phrasing), and the closest phrasing it reads. */
export interface UnreadablePart {
  text: string;
  problem?: string;
  /** The canonical phrasing most like this part (with the user's own quotes, numbers and colors). */
  closest?: string;
}

/**
 * An edit instruction the rule-based grammar cannot read. A 400 `invalid_request` whose message
 * says what was understood, what was not and the closest change it would have understood, then (in
 * {@link EditGrammarError.help}) what can be said.
 */
export class EditGrammarError extends ServiceError {
  /** What the grammar did read, one line per operation. */
  readonly understood: string[];
  /** The parts of the instruction it could not read. */
  readonly unreadable: UnreadablePart[];
  /** The grammar's help text (`EDIT_GRAMMAR_HELP`). */
  readonly help: string;

  constructor(understood: string[], unreadable: UnreadablePart[], help: string) {
    let missed: string;
    if (unreadable.length === 0) {
      missed = 'the instruction is empty.';
    } else if (understood.length === 0 && unreadable.length === 1 && !unreadable[0]!.problem) {
      const [part] = unreadable as [UnreadablePart];
      missed = `Nothing in "${part.text}" was understood${part.closest ? `; the closest change this node understands is "${part.closest}"` : ''}.`;
    } else {
      const parts = unreadable.map((part) => `"${part.text}"${part.problem ? ` (${part.problem})` : part.closest ? ` (the closest change this node understands is "${part.closest}")` : ''}`);
      missed = `could not read ${parts.join(', ')}.${understood.length > 0 ? ` Understood: ${understood.join('; ')}.` : ' Nothing in it was understood.'}`;
    }
    super('invalid_request', `prompt: ${missed}\n\n${help}`, {
      details: [{ field: 'prompt', message: missed }],
    });
    this.name = 'EditGrammarError';
    this.understood = understood;
    this.unreadable = unreadable;
    this.help = help;
  }
}

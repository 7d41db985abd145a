import { ServiceError } from '../../errors/service-error.js';

/**
 * An edit that cannot apply to its source (scene 9 of 6, an unknown font, words that appear
 * nowhere). A 400 `invalid_request` whose message is written in the user's terms: the request field
 * they sent (`prompt`, `images`), then scene numbers, their quoted words and what to say instead;
 * never the operation's internal path. Nothing was changed.
 */
export class EditError extends ServiceError {
  /**
   * Where the refusal is, for logs and tests: `operations[i].<key>` for an operation the instruction
   * was read into, else the request field (`prompt`, `images`). Never shown to the user.
   */
  readonly field: string;
  /** The problem without the request field in front of it. */
  readonly problem: string;

  /**
   * `sent` is the request field the user wrote, when it is not the one `field` implies: a client
   * that sent `operations` itself is told about `operations`, not the prompt.
   */
  constructor(field: string, problem: string, sent: string = /^operations\b/.test(field) ? 'prompt' : field) {
    // Operations are how the node reads the prompt; the user wrote the prompt.
    super('invalid_request', `${sent}: ${problem}`, { details: [{ field: sent, message: problem }] });
    this.name = 'EditError';
    this.field = field;
    this.problem = problem;
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

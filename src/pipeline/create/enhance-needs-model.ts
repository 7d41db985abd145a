// `enhance_prompt` rewrites a prompt with the node's language model, and only with it. A node
// without one used to fill a template ("Open with a hook that states why … matters, build the
// body …") and charge for it; a video made from that text narrated the instructions. Now it refuses,
// before anything is written or charged, and says how to get a model or what to do without one.
import { ServiceError } from '../../errors/service-error.js';

/** How an operator gives a node a language model, as the refusal says it. */
const HOW_TO_GET_ONE = 'its operator gives it one by starting `serve --llm <provider>:<model>` (see docs/models.md)';

/**
 * The 400 `invalid_request` of `enhance_prompt` on a node with no language model. `create`: the
 * field of a video create (REST `POST /v1/videos`, its estimate, MCP `create_video`), with
 * `details` on `body.enhance_prompt`; `tool`: the MCP tool `enhance_prompt`.
 */
export function enhanceNeedsModelError(asked: 'create' | 'tool'): ServiceError {
  const reason = `this node has no language model to enhance the prompt with (${HOW_TO_GET_ONE})`;
  if (asked === 'tool') {
    return new ServiceError('invalid_request', `${reason}; nothing was charged. Send the prompt to create_video as it is, or write the brief yourself`);
  }
  return new ServiceError(
    'invalid_request',
    `enhance_prompt: ${reason}; nothing was created or charged. Leave enhance_prompt out to make the video from the prompt as written`,
    { details: [{ field: 'body.enhance_prompt', message: `needs a language model, and this node has none: leave it out, or start serve with --llm <provider>:<model>` }] },
  );
}

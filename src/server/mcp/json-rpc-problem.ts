/** The first MCP protocol version without JSON-RPC batches (they were removed in 2025-06-18). */
const FIRST_VERSION_WITHOUT_BATCHES = '2025-06-18';

/** The version a request without an `MCP-Protocol-Version` header speaks (the transport spec's fallback). */
const DEFAULT_PROTOCOL_VERSION = '2025-03-26';

const MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params', 'result', 'error']);

/** A JSON-RPC Invalid Request (-32600): what is wrong, and the id to answer with (null when it cannot be read). */
export interface JsonRpcProblem {
  message: string;
  id: string | number | null;
}

/** Whether a JSON value is an object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const isId = (value: unknown): value is string | number => typeof value === 'string' || Number.isSafeInteger(value);

/** What a JSON value is, for messages: `null`, `an array`, `a string`, ... */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** What is wrong with one message, if anything. */
function messageProblem(message: unknown, where: string): JsonRpcProblem | undefined {
  if (!isJsonObject(message)) return { message: `Invalid Request: ${where} must be a JSON-RPC object, got ${kindOf(message)}`, id: null };
  const id = isId(message.id) ? message.id : null;
  const refuse = (problem: string): JsonRpcProblem => ({ message: `Invalid Request: ${where}${problem}`, id });
  const unknown = Object.keys(message).find((key) => !MEMBERS.has(key));
  if (unknown !== undefined) return refuse(` has an unknown member "${unknown}"`);
  if (message.jsonrpc !== '2.0') return refuse(` needs "jsonrpc": "2.0", got ${JSON.stringify(message.jsonrpc) ?? 'none'}`);
  if ('id' in message && !isId(message.id)) return refuse(`.id must be a string or an integer (MCP allows no null), got ${kindOf(message.id)}`);
  if ('method' in message) {
    if (typeof message.method !== 'string') return refuse(`.method must be a string, got ${kindOf(message.method)}`);
    if ('params' in message && !isJsonObject(message.params)) return refuse(`.params must be an object, got ${kindOf(message.params)}`);
    if ('result' in message || 'error' in message) return refuse(' is a request and a response at once');
    return undefined;
  }
  if (!('id' in message) || ('result' in message) === ('error' in message)) {
    return refuse(' needs a "method" (a request or notification), or an "id" with "result" or "error" (a response)');
  }
  return undefined;
}

/**
 * Why a POSTed JSON-RPC payload is an Invalid Request, or undefined when the SDK may have it: an
 * empty batch, a batch from a client speaking a protocol version without batches, anything but an
 * object, a wrong or missing `jsonrpc`, an `id` that is not a string or an integer, `params` that
 * are not an object, or members JSON-RPC does not have. Checked before the SDK's transport, which
 * answers an empty batch with 202 and every other case as a -32700 parse error.
 */
export function jsonRpcProblem(payload: unknown, protocolVersion: string | undefined): JsonRpcProblem | undefined {
  if (!Array.isArray(payload)) return messageProblem(payload, 'the message');
  if (payload.length === 0) return { message: 'Invalid Request: an empty batch; send a JSON-RPC message object', id: null };
  const version = protocolVersion ?? DEFAULT_PROTOCOL_VERSION;
  // Versions are dates, so they compare as text; the SDK refuses a header that is not one.
  if (/^\d{4}-\d{2}-\d{2}$/.test(version) && version >= FIRST_VERSION_WITHOUT_BATCHES) {
    return {
      message: `Invalid Request: MCP ${version} has no JSON-RPC batches (removed in ${FIRST_VERSION_WITHOUT_BATCHES}); send one message per POST`,
      id: null,
    };
  }
  for (const [index, message] of payload.entries()) {
    const problem = messageProblem(message, `batch item ${index}`);
    if (problem) return { ...problem, id: null };
  }
  return undefined;
}

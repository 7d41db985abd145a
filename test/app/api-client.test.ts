import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../app/api/api-client.js';
import { ApiError } from '../../app/api/api-error.js';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch that records each request and answers with the queued responses in turn. */
function fakeFetch(...answers: Response[]) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, body: init.body as string | undefined });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no answer queued');
    return answer;
  };
  return { fetch, sent };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const BASE = 'https://node.example/app/';

describe('ApiClient', () => {
  it('resolves REST paths against the app base and drops empty query values', async () => {
    const { fetch, sent } = fakeFetch(json(200, { videos: [], next_cursor: null }));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    await client.get('../v1/videos', { limit: 20, cursor: undefined, empty: '' });
    expect(sent[0]?.url).toBe('https://node.example/v1/videos?limit=20');
  });

  it('sends no x-csrf-token on GET', async () => {
    const { fetch, sent } = fakeFetch(json(200, {}));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    client.setCsrfToken('tok_1');
    await client.get('../v1/account');
    expect(sent[0]?.headers['x-csrf-token']).toBeUndefined();
  });

  it('sends the session token on POST and DELETE, with a JSON body', async () => {
    const { fetch, sent } = fakeFetch(json(202, { id: 'vid_1' }), new Response(null, { status: 204 }));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    client.setCsrfToken('tok_1');
    const created = await client.post<{ id: string }>('../v1/videos', { prompt: 'hi' });
    const removed = await client.delete('../v1/api-keys/key_1');
    expect(created).toEqual({ id: 'vid_1' });
    expect(removed).toBeUndefined();
    expect(sent.map((request) => [request.method, request.headers['x-csrf-token']])).toEqual([
      ['POST', 'tok_1'],
      ['DELETE', 'tok_1'],
    ]);
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ prompt: 'hi' });
  });

  it('refuses an unsafe call without a token, sending nothing', async () => {
    const { fetch, sent } = fakeFetch(json(202, {}));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    await expect(client.post('../v1/videos', { prompt: 'hi' })).rejects.toMatchObject({ code: 'csrf_failed', status: 403 });
    expect(sent).toHaveLength(0);
  });

  it('stops sending the token once it is cleared at sign-out', async () => {
    const { fetch, sent } = fakeFetch(new Response(null, { status: 204 }));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    client.setCsrfToken('tok_1');
    client.setCsrfToken(undefined);
    await expect(client.post('api/sign-out')).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(0);
  });

  it('signs in without a token (csrf: false), the one unsafe call made before a session exists', async () => {
    const session = { account: { id: 'acc_1', name: 'A', email: 'a@example.com', plan: 'pro' }, csrf_token: 'tok_2' };
    const { fetch, sent } = fakeFetch(json(200, session));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    const answer = await client.request('POST', client.url('api/sign-in'), { email: 'a@example.com', password: 'pw' }, { csrf: false });
    expect(answer).toEqual(session);
    expect(sent[0]?.url).toBe('https://node.example/app/api/sign-in');
    expect(sent[0]?.headers['x-csrf-token']).toBeUndefined();
  });

  it('turns a 400 body into a message and messages by form field', async () => {
    const body = {
      error: {
        code: 'invalid_request',
        message: 'body.duration: must be at least 5 seconds; body.aspectRatio: unknown field',
        status: 400,
        details: [
          { field: 'body.duration', message: 'must be at least 5 seconds' },
          { field: 'body.aspectRatio', message: 'unknown field', suggestion: 'aspect_ratio' },
          { field: 'body.images[2].url', message: 'could not be fetched' },
          { field: 'body.images[2].url', message: 'is not https' },
        ],
      },
    };
    const { fetch } = fakeFetch(json(400, body));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    client.setCsrfToken('tok_1');
    const error = await client.post('../v1/videos', {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', message: body.error.message });
    expect((error as ApiError).fields).toEqual({
      duration: 'must be at least 5 seconds',
      aspectRatio: 'unknown field (did you mean "aspect_ratio"?)',
      'images[2].url': 'could not be fetched; is not https',
    });
  });

  it('keeps the Retry-After of a 429 in seconds', async () => {
    const { fetch } = fakeFetch(json(429, { error: { code: 'rate_limited', message: 'too many attempts', status: 429 } }, { 'retry-after': '840' }));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    const error = await client.request('POST', client.url('api/sign-in'), {}, { csrf: false }).catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 840 });
  });

  it('explains an error answer that is not the JSON error body', async () => {
    const { fetch } = fakeFetch(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const client = new ApiClient({ baseUrl: BASE, fetch });
    await expect(client.get('../v1/account')).rejects.toMatchObject({ status: 502, code: 'http_error', message: 'The server answered 502 without an explanation.' });
  });

  it('reports a 401 as the end of the session, but not a refused sign-in', async () => {
    let ended = 0;
    const unauthorized = () => json(401, { error: { code: 'unauthorized', message: 'sign in', status: 401 } });
    const { fetch } = fakeFetch(unauthorized(), unauthorized());
    const client = new ApiClient({ baseUrl: BASE, fetch, onUnauthorized: () => (ended += 1) });
    await expect(client.get('../v1/videos')).rejects.toMatchObject({ status: 401 });
    expect(ended).toBe(1);
    await expect(client.request('POST', client.url('api/sign-in'), {}, { csrf: false })).rejects.toMatchObject({ status: 401 });
    expect(ended).toBe(1);
  });
});

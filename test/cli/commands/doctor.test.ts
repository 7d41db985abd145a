import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIServer, type FakeModelServer } from '../../helpers/fake-model-servers.js';
import { runService } from '../../helpers/run-service.js';
import { startSpeakingServer, type SpeakingServer } from '../../helpers/speaking-server.js';

interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

describe('service doctor with serve\'s model and speech flags', () => {
  let dataDir: string;
  let model: FakeModelServer;
  let closedUrl: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'doctor-flags-'));
    model = await startFakeOpenAIServer();
    const closed = await startFakeOpenAIServer();
    closedUrl = closed.url;
    await closed.close();
  });
  afterAll(async () => {
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // No browser to start: these runs are about the model lines.
  async function doctor(args: string[], env: Record<string, string> = {}) {
    const result = await runService(['doctor', '--json', '--data-dir', dataDir, ...args], { env: { SERVICE_BROWSER_EXECUTABLE: '/nonexistent/chrome', ...env } });
    const report = JSON.parse(result.stdout) as { ok: boolean; checks: Check[] };
    return { code: result.code, report, line: (name: string) => report.checks.find((check) => check.name === name) };
  }

  it('reports the model of --llm openai-compatible:<m> --llm-base-url ok after one call to it', async () => {
    model.enqueue({ text: 'OK' });
    const { line } = await doctor(['--llm', 'openai-compatible:qwen2.5:7b', '--llm-base-url', model.url]);
    expect(line('language model')).toEqual({ name: 'language model', status: 'ok', detail: expect.stringMatching(new RegExp(`^openai-compatible:qwen2\\.5:7b at ${model.url.replace(/\./g, '\\.')} answered in \\d+ ms`)) });
    expect(model.requests.at(-1)!.body.model).toBe('qwen2.5:7b');
  });

  it('reports it failing, naming the URL and what to check, when nothing listens there', async () => {
    const { code, report, line } = await doctor(['--llm', 'openai-compatible:qwen2.5:7b', '--llm-base-url', closedUrl]);
    expect(line('language model')).toMatchObject({ status: 'fail', detail: expect.stringContaining(closedUrl), fix: expect.stringContaining('server is up') });
    expect(report.ok).toBe(false);
    expect(code).toBe(1);
  });

  it('reports a missing GGUF file of --llm local:<file> with the path', async () => {
    const missing = path.join(dataDir, 'missing.gguf');
    const { line } = await doctor(['--llm', `local:${missing}`]);
    expect(line('language model')).toMatchObject({ status: 'fail', detail: expect.stringContaining(missing), fix: expect.stringContaining('GGUF file') });
  });

  it('reads SERVICE_LLM and SERVICE_LLM_BASE_URL as serve does', async () => {
    model.enqueue({ text: 'OK' });
    const up = await doctor([], { SERVICE_LLM: 'openai-compatible:llama3', SERVICE_LLM_BASE_URL: model.url });
    expect(up.line('language model')).toMatchObject({ status: 'ok', detail: expect.stringContaining(`openai-compatible:llama3 at ${model.url} answered in`) });
    const down = await doctor([], { SERVICE_LLM: 'openai-compatible:llama3', SERVICE_LLM_BASE_URL: closedUrl });
    expect(down.line('language model')).toMatchObject({ status: 'fail', detail: expect.stringContaining(closedUrl) });
    // A flag wins over its variable, as for serve.
    model.enqueue({ text: 'OK' });
    const flagged = await doctor(['--llm-base-url', model.url], { SERVICE_LLM: 'openai-compatible:llama3', SERVICE_LLM_BASE_URL: closedUrl });
    expect(flagged.line('language model')).toMatchObject({ status: 'ok' });
  });

  it('reports a --speech serve would refuse as the speech model line, with the fix, and still runs the other checks', async () => {
    const { code, report, line } = await doctor(['--speech', 'bogus']);
    expect(line('speech model')).toEqual({
      name: 'speech model',
      status: 'fail',
      detail: expect.stringMatching(/^--speech \(SERVICE_SPEECH\): expected <provider>:<model> with provider one of openai, elevenlabs, openai-compatible.*got "bogus"$/),
      fix: expect.stringContaining('serve refuses to start with it'),
    });
    expect(report.checks.map((check) => check.name)).toEqual(['node', 'data dir', 'database', 'browser', 'ffmpeg', 'render', 'fonts', 'speech model', 'language model']);
    expect(code).toBe(1);
    const fromEnv = await doctor([], { SERVICE_SPEECH: 'openai-compatible:kokoro' });
    expect(fromEnv.line('speech model')).toMatchObject({ status: 'fail', detail: expect.stringContaining('openai-compatible needs the server\'s base URL') });
  });

  it('takes --render-accel and --queue as serve does, and reports a value serve would refuse on their lines', async () => {
    const { line } = await doctor(['--render-accel', 'fast', '--queue', 'redis://127.0.0.1:1']);
    expect(line('render')).toMatchObject({ status: 'fail', detail: expect.stringContaining('got fast'), fix: expect.stringContaining('--render-accel') });
    expect(line('queue')).toMatchObject({ status: 'fail', detail: expect.stringContaining('--queue (SERVICE_QUEUE) needs --store'), fix: expect.stringContaining('--store') });
  });

  describe('with a speech server', () => {
    let speech: SpeakingServer;
    beforeAll(async () => {
      speech = await startSpeakingServer('openai');
    });
    afterAll(async () => speech.close());

    it('speaks "Hello." through --speech openai-compatible:<m> --speech-base-url', async () => {
      const { line } = await doctor(['--speech', 'openai-compatible:kokoro', '--speech-base-url', `${speech.url}/v1`]);
      expect(line('speech model')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^openai-compatible:kokoro at .*: spoke "Hello\." with af_bella in \d+ ms$/) });
    });
  });
});

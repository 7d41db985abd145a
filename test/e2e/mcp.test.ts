import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, startServe, type ServeProcess } from '../helpers/run-service.js';
import { READ_ONLY, TOOL_NAMES } from '../mcp/mcp-helpers.js';
import { E2E_CACHE_DIR } from './e2e-node.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';

const run = promisify(execFile);
/** The MCP Inspector's command-line mode (the code `npx @modelcontextprotocol/inspector --cli` runs). */
const INSPECTOR_CLI = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/build/cli.js');
// inspector-cli 0.17.2 checks for its package.json relative to the working directory but imports it
// relative to its module; running it from its own build directory makes the two agree.
const INSPECTOR_CWD = path.dirname(INSPECTOR_CLI);

describe('MCP against a running `service serve`', () => {
  let dataDir: string;
  let serve: ServeProcess;
  let key: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-mcp-'));
    serve = await startServe([], { SERVICE_DATA_DIR: dataDir, SERVICE_CACHE_DIR: E2E_CACHE_DIR, SERVICE_LOG_LEVEL: 'warn' });
    key = /API key:\s+(mvk_\S+)/.exec(serve.stdout())![1]!;
  });
  afterAll(async () => {
    serve.child.kill('SIGTERM');
    await exitOf(serve.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the SDK client with an API key lists the tools, creates a video, polls it to completed and previews its frames', async () => {
    const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${serve.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(READ_ONLY.includes(tool.name));

    const created = await client.callTool({
      name: 'create_video',
      arguments: { prompt: 'How bees find flowers. Scouts dance to share the direction. The hive follows.', duration: 6, dimensions: { width: 320, height: 180 }, render: true, narration: false, music: false },
    });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    const id = (created.structuredContent as { id: string }).id;

    let status: Record<string, any> = {};
    const deadline = Date.now() + 200_000;
    while (Date.now() < deadline) {
      status = (await client.callTool({ name: 'get_video_status', arguments: { id } })).structuredContent as Record<string, any>;
      if (['completed', 'failed', 'canceled'].includes(status.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(status.status, JSON.stringify(status.error)).toBe('completed');
    expect(status.download_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    const mp4 = await fetch(status.download_url);
    expect(mp4.status).toBe(200);

    const preview = (await client.callTool({ name: 'preview_video', arguments: { id, max_frames: 3 } })) as CallToolResult;
    expect(preview.isError).toBeFalsy();
    const structured = preview.structuredContent as { source: string; frames: { scene_id: string; data: string }[] };
    expect(structured.source).toBe('video');
    const images = preview.content.filter((item) => item.type === 'image');
    expect(images.length).toBe(structured.frames.length);
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) {
      if (image.type !== 'image') continue;
      expect(image.mimeType).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(image.data, 'base64')).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
      const { channels } = await sharp(Buffer.from(image.data, 'base64')).stats();
      // A real frame, not a blank: its pixels vary.
      expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(5);
    }
    // The summary names each frame's scene; the JSON text leaves out the image bytes.
    expect(preview.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining(structured.frames[0]!.scene_id) });
    expect((preview.content[1] as { text: string }).text.length).toBeLessThan(2000);
    await client.close();
  });

  it('an agent answers a storyboard build\'s review gates: previews the cast sheets, asks for a change, approves on to the storyboard', async () => {
    const client = new Client({ name: 'e2e-reviewer', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${serve.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      return result;
    };
    const created = await call('create_video', {
      prompt: 'Meet Ada, a beekeeper. Ada opens the hive at dawn. Ada finds the queen.',
      ai_video: 'full',
      storyboard: true,
      duration: 6,
      dimensions: { width: 256, height: 144 },
      narration: false,
      music: false,
    });
    const id = (created.structuredContent as { id: string }).id;
    const waitForGate = async (gate: string, round: number) => {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const status = (await call('get_video_status', { id })).structuredContent as Record<string, any>;
        if (status.status === 'awaiting_approval' && status.review?.gate === gate && status.review?.round === round) return status;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`no ${gate} gate, round ${round}`);
    };
    await waitForGate('cast', 1);
    const cast = await call('preview_video', { id });
    expect((cast.structuredContent as { source: string }).source).toBe('cast');
    expect((cast.content[0] as { text: string }).text).toMatch(/cast sheets waiting for approval \(Ada\)/);
    const redo = await call('approve_video', { id, changes: 'Ada: a white bee suit and a veil' });
    expect((redo.content[0] as { text: string }).text).toMatch(/redoing its cast/);
    await waitForGate('cast', 2);
    await call('approve_video', { id });
    await waitForGate('storyboard', 1);
    expect(((await call('preview_video', { id })).structuredContent as { source: string }).source).toBe('storyboard');
    expect(((await call('cancel_video', { id })).structuredContent as { status: string }).status).toBe('canceled');
    await client.close();
  });

  it('the README\'s `npm run inspect` (the MCP Inspector\'s command-line mode) lists the 16 tools with the key from SERVICE_API_KEY, never echoing it', async () => {
    // Exactly as the README says, through npm, from the package folder (npm prints the script's arguments: the key is not among them).
    const { stdout, stderr } = await run('npm', ['run', 'inspect', '--', `${serve.url}/mcp`], { cwd: PACKAGE_ROOT, timeout: 60_000, env: { ...process.env, SERVICE_API_KEY: key } });
    expect(`${stdout}${stderr}`).not.toContain(key);
    const json = stdout.slice(stdout.indexOf('{'));
    const listed = JSON.parse(json) as { tools: { name: string; annotations: { readOnlyHint: boolean } }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    expect(listed.tools.find((tool) => tool.name === 'cancel_video')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });

    // The Inspector itself, as that script runs it; without the header it is refused, and says so.
    const refused = await run(process.execPath, [INSPECTOR_CLI, '--cli', `${serve.url}/mcp`, '--transport', 'http', '--method', 'tools/list'], { cwd: INSPECTOR_CWD, timeout: 60_000 }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect((refused as { code: number }).code).not.toBe(0);
    expect(`${(refused as { stdout: string }).stdout}${(refused as { stderr: string }).stderr}`).toContain('missing Authorization header');

    // A key typed on the command line is refused before anything runs, since npm has just printed it.
    const typed = await run('npm', ['run', '--silent', 'inspect', '--', `${serve.url}/mcp`, '--header', `Authorization: Bearer ${key}`], { cwd: PACKAGE_ROOT, timeout: 60_000 }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((typed as { code: number }).code).toBe(1);
    expect((typed as { stderr: string }).stderr).toContain('pass it in SERVICE_API_KEY');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../../../src/pipeline/providers/llm/create-language-model.js';
import { KIT_API_SUMMARY } from '../../../../src/pipeline/providers/llm/kit-api-summary.js';
import { extractCode, ModelSceneWriter } from '../../../../src/pipeline/providers/llm/model-scene-writer.js';
import type { WriteSceneRequest } from '../../../../src/pipeline/providers/provider-types.js';
import { startFakeOpenAIServer, type FakeModelServer } from '../../../helpers/fake-model-servers.js';

const servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function writerAnswering(...texts: string[]): Promise<{ writer: ModelSceneWriter; server: FakeModelServer }> {
  const server = await startFakeOpenAIServer();
  servers.push(server);
  server.enqueue(...texts.map((text) => ({ text })));
  const model = await createLanguageModel({ provider: 'openai-compatible', model: 'qwen2.5-coder:32b', baseUrl: server.url, apiKey: undefined }, { maxRetries: 0 });
  return { writer: new ModelSceneWriter(model), server };
}

const STEPS: WriteSceneRequest = {
  scene: {
    role: 'body',
    kind: 'steps',
    title: 'The cycle',
    durationSeconds: 7,
    settings: { heading: 'The cycle', steps: ['Refrigerant absorbs outdoor heat', 'A compressor makes it hotter'] },
    narration: 'Refrigerant absorbs heat from outside air.',
  },
  position: 1,
  sceneCount: 3,
};

const CODE = `import React from 'react';
import { StepList } from '@kit';

export default function Scene({ theme, settings }) {
  return <StepList theme={theme} heading={settings.heading} steps={settings.steps} />;
}
`;

/** The system and user messages of a recorded Chat Completions request. */
function messagesOf(server: FakeModelServer, index: number): { system: string; user: string } {
  const messages = (server.requests[index]!.body as { messages: { role: string; content: string }[] }).messages;
  return { system: messages.find((message) => message.role === 'system')!.content, user: messages.filter((message) => message.role === 'user').at(-1)!.content };
}

describe('ModelSceneWriter', () => {
  it('asks for the planned scene with its settings, narration and position, documenting the kit', async () => {
    const { writer, server } = await writerAnswering(CODE);
    expect(await writer.writeScene(STEPS)).toBe(CODE);
    const { system, user } = messagesOf(server, 0);
    expect(system).toContain(KIT_API_SUMMARY);
    expect(system).toContain('useLayout()');
    expect(system).toContain('export default function Scene({ theme, settings, assets })');
    expect(user).toContain('"Refrigerant absorbs outdoor heat"');
    expect(user).toContain('Scene 2 of 3');
    expect(user).toContain('Planned kind: steps');
    expect(user).toContain('Refrigerant absorbs heat from outside air.');
    expect(writer.name).toBe('model:openai-compatible:qwen2.5-coder:32b');
    expect(writer.attempts).toBe(4);
  });

  it('tells the model what the narrator says whole, every sentence as planned', async () => {
    const { writer, server } = await writerAnswering(CODE);
    const narration = "Before your app sends a single byte of data, TCP opens the connection. Why three? Each side's SYN must be acknowledged, and SYN-ACK does both jobs in one packet.";
    await writer.writeScene({ ...STEPS, scene: { ...STEPS.scene, narration } });
    expect(messagesOf(server, 0).user).toContain(`The narrator says over it: "${narration}"`);
  });

  it('sends the failed code and the findings back for repair', async () => {
    const { writer, server } = await writerAnswering(CODE);
    const broken = "import fs from 'node:fs';\nexport default function Scene() { return null; }\n";
    const error = 'scene code imports "node:fs"; allowed: react, remotion, @kit';
    await writer.writeScene({ ...STEPS, previousSource: broken, previousError: error });
    const { user } = messagesOf(server, 0);
    expect(user).toContain(broken);
    expect(user).toContain(error);
    expect(user).toContain('"Refrigerant absorbs outdoor heat"');
  });

  it('extracts the module from a fenced block around prose', async () => {
    const { writer } = await writerAnswering(`Here is the scene:\n\n\`\`\`tsx\n${CODE}\`\`\`\n\nIt uses the kit's StepList.`);
    expect(await writer.writeScene(STEPS)).toBe(CODE);
  });
});

describe('extractCode', () => {
  it('takes the longest fenced block, or the whole answer when there is none', () => {
    expect(extractCode(`\`\`\`bash\nnpm i\n\`\`\`\n\`\`\`typescript\n${CODE}\`\`\``)).toBe(CODE);
    expect(extractCode(`\n${CODE}\n\n`)).toBe(CODE);
  });
});

describe('ModelSceneWriter: drafts and the visual critique', () => {
  const stills = [0, 104, 209].map((frame) => ({ frame, data: new Uint8Array([0xff, 0xd8, 0xff, frame % 256]), mimeType: 'image/jpeg' as const }));
  const critiqueRequest = { ...STEPS, source: CODE, stills, audit: '2 text element(s), lowest text contrast 4.8:1, no findings' };

  async function critic(answer: Parameters<FakeModelServer['enqueue']>[0], model = 'qwen2.5-vl:72b') {
    const server = await startFakeOpenAIServer();
    servers.push(server);
    server.enqueue(answer);
    const made = await createLanguageModel({ provider: 'openai-compatible', model, baseUrl: server.url, apiKey: undefined }, { maxRetries: 0 });
    return { writer: new ModelSceneWriter(made), server };
  }

  it('asks for several drafts, each told which it is', async () => {
    const { writer, server } = await writerAnswering(CODE);
    expect(writer.candidates).toBe(3);
    await writer.writeScene({ ...STEPS, candidate: { index: 1, of: 3 } });
    const body = server.requests[0]!.body as { messages: { content: string }[] };
    expect(body.messages.at(-1)!.content).toContain('draft 2 of 3');
  });

  it('revises: the problems seen and the corrected module', async () => {
    const fixed = CODE.replace('heading={settings.heading}', 'heading={String(settings.heading)}');
    const { writer, server } = await critic({ toolCalls: [{ name: 'revise_scene', input: { problems: ['The heading is cut off at the right edge'], code: fixed } }] });
    const verdict = await writer.critique(critiqueRequest);
    expect(verdict).toEqual({ verdict: 'revised', problems: ['The heading is cut off at the right edge'], source: fixed });
    const body = server.requests[0]!.body as { messages: { role: string; content: { type: string; text?: string }[] }[] };
    const turn = body.messages.at(-1)!.content;
    expect(turn.filter((part) => part.type === 'image_url')).toHaveLength(3);
    expect(turn[0]!.text).toContain('lowest text contrast 4.8:1');
    expect(turn[0]!.text).toContain(CODE.trim());
  });

  it('approves', async () => {
    const { writer } = await critic({ toolCalls: [{ name: 'approve_scene', input: { notes: 'Readable and balanced.' } }] });
    expect(await writer.critique(critiqueRequest)).toEqual({ verdict: 'approved', notes: 'Readable and balanced.' });
  });

  it('is unavailable for a model that cannot see the frames, without calling it', async () => {
    const { writer, server } = await critic({ text: 'unused' }, 'qwen2.5-coder:32b');
    await expect(writer.critique(critiqueRequest)).rejects.toMatchObject({ name: 'LanguageModelError', kind: 'unavailable' });
    expect(server.requests).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { applyEditOperations } from '../../../src/pipeline/edit/apply-edit-operations.js';
import { editOperationsSchema, type EditOperation } from '../../../src/pipeline/edit/edit-operations.js';
import { modelEditReader } from '../../../src/pipeline/edit/model-edit-reader.js';
import type { LanguageModel, ObjectRequest } from '../../../src/pipeline/providers/llm/language-model.js';
import { sixSceneSource } from './edit-fixture.js';

/** A model that answers the given operations and records what it was asked. */
function fakeModel(operations: EditOperation[]) {
  const requests: ObjectRequest<unknown>[] = [];
  const model: LanguageModel = {
    id: 'fake:reader',
    acceptsImages: false,
    async generateObject<T>(request: ObjectRequest<T>) {
      requests.push(request as ObjectRequest<unknown>);
      return { object: request.schema.parse({ operations }), usage: {}, latencyMs: 1 };
    },
    generateText: () => Promise.reject(new Error('not used')),
  };
  return { model, requests };
}

describe('modelEditReader', () => {
  it('accepts the operations the rule grammar reads for colors, text size, length and mood, and they apply alike', async () => {
    const operations: EditOperation[] = [
      { op: 'recolor_text', scene: 1, color: '#FF0000' },
      { op: 'resize_text', change: 'bigger' },
      { op: 'set_length', seconds: 20 },
      { op: 'set_music', music: true, mood: 'calm' },
    ];
    const { model, requests } = fakeModel(operations);
    const read = await modelEditReader(model).read('make the title red, the text bigger, the video 20 seconds and the music calmer', sixSceneSource());
    expect(read.operations).toEqual(operations);
    expect(read.understood).toEqual(['color the text of scene 1 #FF0000', 'make the text of every scene bigger', 'make the video 20 seconds long', 'add music (calm)']);
    expect(applyEditOperations(sixSceneSource(), read.operations).changes).toHaveLength(4);
    expect(requests[0]!.system).toContain('recolor_text');
    expect(requests[0]!.system).toContain('set_length');
    expect(requests[0]!.system).toContain('"make the title red"');
    expect(requests[0]!.prompt).toContain('music on (mood bright)');
  });

  it('refuses an operation outside the vocabulary in the schema it gives the model', () => {
    expect(editOperationsSchema.safeParse({ operations: [{ op: 'resize_text', change: 'huge' }] }).success).toBe(false);
    expect(editOperationsSchema.safeParse({ operations: [{ op: 'set_length', seconds: -3 }] }).success).toBe(false);
  });
});

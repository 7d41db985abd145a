import type { LanguageModel } from '../providers/llm/language-model.js';
import { EDIT_GRAMMAR_HELP } from './edit-grammar.js';
import { describeOperation, editOperationsSchema, type EditOperation } from './edit-operations.js';
import type { EditSource } from './edit-source.js';

/** Reads an edit instruction into operations. */
export interface EditReader {
  readonly name: string;
  read(instruction: string, source: EditSource, signal?: AbortSignal): Promise<{ operations: EditOperation[]; understood: string[] }>;
}

const SYSTEM = `You edit short animated videos. You are given a finished video's scenes (numbered from 1, with their kind, on-screen settings and narration) and its options, and a change a person asked for in their own words.
Answer with the list of operations that makes exactly that change and nothing else:
- Scene numbers are the source video's, from 1.
- Keep every text the person did not ask to change as it is; write new texts in the video's language.
- Colors as #RRGGBB; fonts by family name.
- "The title" is the first title card (else scene 1). A title's or text's color is recolor_text and its size resize_text, for that scene, or without a scene for every scene; the theme's colors are restyle.
- A length for the whole video ("make it 20 seconds") is set_length, which rescales every scene; one scene's length is retime.
- A music mood by comparison ("calmer", "more upbeat") is set_music with the mood it names: calm, bright, driving, warm or dark.
- A library picture ("show a lighthouse in scene 2", "replace the seal picture with a honey jar") is set_picture with a few words of what the new picture shows, and replaces with what the old one shows when the person names it; an image sent with the change is swap_image.
- A scene's new text (retext) is spoken where its narration said the old words; other narration changes only by set_narration.
- Never invent figures, quotes or facts the person did not give.
What the operations mean, by example (the rule grammar the node also reads):
${EDIT_GRAMMAR_HELP}`;

/** The source as the model reads it: scenes and options, compactly. */
function describeSource(source: EditSource): string {
  const scenes = source.scenes.map((scene) => `Scene ${scene.position + 1} (${scene.role}, ${scene.kind}, ${scene.durationSeconds.toFixed(1)} s): settings ${JSON.stringify(scene.settings).slice(0, 600)}${scene.narration ? `; narration "${scene.narration}"` : ''}`);
  const { options } = source;
  return [
    ...scenes,
    ...(source.attached ?? []).map(
      (image) =>
        `Image ${image.index + 1} sent with this change: asset "${image.name}", role ${image.role}${image.context ? `, context "${image.context}"` : ''}${image.role === 'style' ? ' (its colours are applied already; do not place it)' : ' (place it with swap_image, image "' + image.name + '"' + (image.role === 'import' ? '; if no operation places it, it becomes a new scene at the end)' : '; leave it out if it does not serve the change)')}`,
    ),
    `Options: narration ${options.narration ? `on (voice ${options.voice}, language ${options.language})` : 'off'}, music ${options.music ? `on${options.musicMood ? ` (mood ${options.musicMood})` : ''}` : 'off'}, sound effects ${options.sfx ? 'on' : 'off'}, colors ${JSON.stringify(options.colors)}, fonts ${JSON.stringify(options.fonts)}`,
  ].join('\n');
}

/**
 * Reads edits with a language model: the source's scenes and the instruction go to the model, which
 * answers the operations as structured output (the same schema the rule grammar produces). The
 * operations are then applied and checked like any others, so a model cannot make an edit the rules
 * refuse.
 */
export function modelEditReader(model: LanguageModel): EditReader {
  return {
    name: `model:${model.id}`,
    async read(instruction, source, signal) {
      const { object } = await model.generateObject({
        system: SYSTEM,
        prompt: `${describeSource(source)}\n\nThe change asked for: ${instruction}`,
        schema: editOperationsSchema,
        schemaName: 'edit_operations',
        maxOutputTokens: 4000,
        ...(signal ? { signal } : {}),
      });
      return { operations: object.operations, understood: object.operations.map(describeOperation) };
    },
  };
}

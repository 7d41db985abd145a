import { SCENE_IMPORT_ALLOWLIST } from '../../../render/scene-code/compile-scene.js';
import type { SceneWriter, WriteSceneRequest } from '../provider-types.js';
import { KIT_API_SUMMARY } from './kit-api-summary.js';
import type { LanguageModel } from './language-model.js';

/** Rounds of repair after the first answer: every finding goes back to the model, 3 times at most. */
export const MODEL_REPAIR_ROUNDS = 3;

const SYSTEM = `You write the code of one scene of a short animated video, as a React component rendered by Remotion.
The contract:
- One TSX module whose default export is \`export default function Scene({ theme, settings, assets })\`.
  \`settings\` holds the scene's texts and numbers: show them from \`settings\` (never retype them), so a user who edits a setting changes the video. \`assets\` maps asset names (as given in settings) to image URLs.
- Import only from: ${[...SCENE_IMPORT_ALLOWLIST].join(', ')}. No network, no eval, no dynamic import, no globalThis/window.
- The canvas may be any size (16:9, 9:16, 1:1, 4:5 or exact pixels): lay out with \`useLayout()\` and the kit's fitted components; never fixed pixel positions or font sizes. Text must never overflow, overlap or leave the canvas.
- Animate with the frame (\`useCurrentFrame\`, \`interpolate\`, \`spring\` from remotion, or the kit's useEntrance); nothing random that changes between renders.
The kit (\`import { … } from '@kit'\`):
${KIT_API_SUMMARY}
Answer with the complete module in one \`\`\`tsx fenced block and nothing else.`;

/** The module inside the answer's fenced code block (the longest, when there are several), else the whole answer. */
export function extractCode(answer: string): string {
  const blocks = [...answer.matchAll(/```[\w-]*[^\S\n]*\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const code = blocks.length > 0 ? blocks.reduce((longest, block) => (block.length > longest.length ? block : longest)) : answer;
  return `${code.trim()}\n`;
}

function describeScene(request: WriteSceneRequest): string {
  const { scene } = request;
  const place = request.position === 0 ? 'the opening scene' : request.position === request.sceneCount - 1 ? 'the closing scene' : 'a body scene';
  return [
    `Scene ${request.position + 1} of ${request.sceneCount} (${place}, role ${scene.role}), ${scene.durationSeconds} seconds.`,
    `Planned kind: ${scene.kind} (its kit component is a safe choice; a layout of your own may show it better).`,
    `settings = ${JSON.stringify(scene.settings, null, 2)}`,
    scene.narration ? `The narrator says over it: "${scene.narration}"` : 'No narration: the screen alone must carry it.',
  ].join('\n');
}

/**
 * Writes free-form scene TSX with a language model: the planned scene (kind, settings, narration,
 * position) and the kit's API go to the model; when the last attempt failed its checks (compile
 * error, static check, test render, layout audit), the code and the findings go back for repair.
 * Its scenes fall back to the kit template of their kind when the rounds run out (the scenes stage).
 */
export class ModelSceneWriter implements SceneWriter {
  readonly name: string;
  readonly attempts = 1 + MODEL_REPAIR_ROUNDS;
  readonly onModelError: 'fail' | 'fallback';

  /** `onModelError`: what a scene does when the model cannot answer (the operator's `--llm-fallback`). @default 'fail' */
  constructor(
    private readonly model: LanguageModel,
    options: { onModelError?: 'fail' | 'fallback' } = {},
  ) {
    this.name = `model:${model.id}`;
    this.onModelError = options.onModelError ?? 'fail';
  }

  async writeScene(request: WriteSceneRequest, signal?: AbortSignal): Promise<string> {
    const scene = describeScene(request);
    const prompt = request.previousError !== undefined && request.previousSource !== undefined
      ? `${scene}\n\nYour previous code for this scene:\n\`\`\`tsx\n${request.previousSource}\`\`\`\n\nIt failed the node's checks:\n${request.previousError}\n\nFix every finding and answer with the whole corrected module.`
      : `${scene}\n\nWrite this scene.`;
    const { text } = await this.model.generateText({ system: SYSTEM, prompt, maxOutputTokens: 6000, ...(signal ? { signal } : {}) });
    return extractCode(text);
  }
}

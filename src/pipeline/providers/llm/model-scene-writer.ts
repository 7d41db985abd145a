import { SCENE_IMPORT_ALLOWLIST } from '../../../render/scene-code/compile-scene.js';
import { z } from 'zod';
import type { CritiqueRequest, SceneCritique, SceneWriter, WriteSceneRequest } from '../provider-types.js';
import { KIT_API_SUMMARY } from './kit-api-summary.js';
import { LanguageModelError, type LanguageModel } from './language-model.js';

/** Rounds of repair after the first answer: every finding goes back to the model, 3 times at most. */
export const MODEL_REPAIR_ROUNDS = 3;

/** First drafts of each scene, the best by its checks kept (the premium tier's "best of several"). */
export const MODEL_SCENE_CANDIDATES = 3;

const SYSTEM = `You write the code of one scene of a short animated video, as a React component rendered by Remotion.
The contract:
- One TSX module whose default export is \`export default function Scene({ theme, settings, assets })\`.
  \`settings\` holds the scene's texts and numbers: show them from \`settings\` (never retype them), so a user who edits a setting changes the video. Short labels the plan implies but the settings do not hold (the actor names "Client" and "Server" of a handshake, "Before" and "After", an axis name) may be written in the code, in the scene's language. \`assets\` maps asset names (as given in settings) to image URLs.
- Import only from: ${[...SCENE_IMPORT_ALLOWLIST].join(', ')}. No network, no eval, no dynamic import, no globalThis/window.
- The canvas may be any size (16:9, 9:16, 1:1, 4:5 or exact pixels): lay out with \`useLayout()\` and the kit's fitted components; never fixed pixel positions or font sizes. Text must never overflow, overlap or leave the canvas.
- Animate with the frame (\`useCurrentFrame\`, \`interpolate\`, \`spring\` from remotion, or the kit's useEntrance); nothing random that changes between renders. While the scene holds after its entrance, keep something moving gently (a float, a slow push, a pulse): never a still frame for more than 2 seconds.
- Pictures: a \`picture\` in settings (of the scene, or of an item, node, figure or side) is a library id, and \`assets[id]\` its illustration's URL: draw it with \`<Img>\` from remotion, large. Keep the planned pictures: draw each part with its own \`picture\` from settings, never a picture of your own words in its place, and never the same picture for two different things (the two sides of a before-and-after). To show a picture the settings do not name, write what it shows in plain English words after \`picture:\`, as in \`assets['picture:snowflake']\` or \`assets['picture:outdoor unit']\`: the node puts a fitting illustration's URL there, or nothing when its library has none, so draw without it then.
The kit (\`import { … } from '@kit'\`):
${KIT_API_SUMMARY}
Answer with the complete module in one \`\`\`tsx fenced block and nothing else.`;

/** The module inside the answer's fenced code block (the longest, when there are several), else the whole answer. */
export function extractCode(answer: string): string {
  const blocks = [...answer.matchAll(/```[\w-]*[^\S\n]*\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const code = blocks.length > 0 ? blocks.reduce((longest, block) => (block.length > longest.length ? block : longest)) : answer;
  return `${code.trim()}\n`;
}

const CRITIC = `You review one scene of a short animated video the way its viewer will see it. You are shown the scene's plan, its code, three frames of its test render (after its entrance, the middle of the scene, before its exit) and what the layout audit measured.
Judge the frames as a designer would: is the text readable and large enough for the canvas, is the canvas used (not a small block in a corner with the rest empty), does the scene show what its settings and narration say, is anything clipped, overlapping, cramped, off-center or low in contrast, does the last frame still show the message?
Call approve_scene when it looks right. Call revise_scene when something looks wrong: list each problem you see, and give the whole corrected module (same contract: default export Scene({ theme, settings, assets }), allowlisted imports, the kit, texts from settings).`;

/** The tools the visual critique offers: approve the scene, or revise it. */
export const CRITIQUE_TOOLS = {
  approve_scene: {
    description: 'The scene looks right: nothing to fix.',
    input: z.object({ notes: z.string().describe('What works, in one sentence.') }),
  },
  revise_scene: {
    description: 'Something in the frames looks wrong: the problems seen and the corrected module.',
    input: z.object({
      problems: z.array(z.string()).min(1).describe('Each problem seen in the frames, in one sentence.'),
      code: z.string().min(1).describe('The whole corrected TSX module.'),
    }),
  },
};

function describeScene(request: Pick<WriteSceneRequest, 'scene' | 'position' | 'sceneCount'>): string {
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

  /**
   * `onModelError`: what a scene does when the model cannot answer (the operator's `--llm-fallback`). @default 'fail'
   * `candidates`: first drafts per scene. @default MODEL_SCENE_CANDIDATES
   */
  constructor(
    private readonly model: LanguageModel,
    options: { onModelError?: 'fail' | 'fallback'; candidates?: number } = {},
  ) {
    this.name = `model:${model.id}`;
    this.onModelError = options.onModelError ?? 'fail';
    this.candidates = options.candidates ?? MODEL_SCENE_CANDIDATES;
  }

  readonly candidates: number;

  async writeScene(request: WriteSceneRequest, signal?: AbortSignal): Promise<string> {
    const scene = describeScene(request);
    const draft = request.candidate && request.candidate.of > 1
      ? `Write this scene. This is draft ${request.candidate.index + 1} of ${request.candidate.of}; the best-looking draft is kept, so ${request.candidate.index === 0 ? 'take the clearest layout' : 'try a layout different from the obvious one'}.`
      : 'Write this scene.';
    const prompt = request.previousError !== undefined && request.previousSource !== undefined
      ? `${scene}\n\nYour previous code for this scene:\n\`\`\`tsx\n${request.previousSource}\`\`\`\n\nIt failed the node's checks:\n${request.previousError}\n\nFix every finding and answer with the whole corrected module.`
      : `${scene}\n\n${draft}`;
    const { text } = await this.model.generateText({ system: SYSTEM, prompt, maxOutputTokens: 6000, ...(signal ? { signal } : {}) });
    return extractCode(text);
  }

  /**
   * The visual critique: the model sees the scene's test frames and audit and calls `approve_scene`
   * or `revise_scene` (problems and corrected code). Only for models that take images and call
   * tools; the scenes stage checks a revision like any code and keeps the original if it fails.
   */
  async critique(request: CritiqueRequest, signal?: AbortSignal): Promise<SceneCritique> {
    if (!this.model.acceptsImages || !this.model.callTool) {
      throw new LanguageModelError('unavailable', `${this.model.id} cannot see the frames (it takes no images or calls no tools)`);
    }
    const prompt = [
      describeScene(request),
      `Its code:\n\`\`\`tsx\n${request.source}\`\`\``,
      `The layout audit: ${request.audit}`,
      `The frames attached: ${request.stills.map((still) => `frame ${still.frame}`).join(', ')}.`,
    ].join('\n\n');
    const { tool, input } = await this.model.callTool({
      system: CRITIC,
      prompt,
      images: request.stills.map((still) => ({ data: still.data, mimeType: still.mimeType })),
      tools: CRITIQUE_TOOLS,
      maxOutputTokens: 6000,
      ...(signal ? { signal } : {}),
    });
    if (tool === 'revise_scene') {
      const { problems, code } = CRITIQUE_TOOLS.revise_scene.input.parse(input);
      return { verdict: 'revised', problems, source: extractCode(code.includes('```') ? code : `\`\`\`tsx\n${code}\n\`\`\``) };
    }
    return { verdict: 'approved', notes: CRITIQUE_TOOLS.approve_scene.input.parse(input).notes };
  }
}

import type { PromptEnhancer } from '../../stages/pipeline-providers.js';
import type { LanguageModel } from './language-model.js';

const SYSTEM = `You rewrite a request for a short animated video as a production brief for the writer who plans it.
Keep the request's language, subject, facts, numbers, names and every wish it states (shape, length, sound, captions, calls to action). Add what the video should cover to answer it well: the key points in a sensible order, the angle, the audience, the tone. Never invent figures, dates, quotes or claims about a named business.
Answer with the brief only: at most 120 words, plain prose, no headings or lists.`;

/** `enhance_prompt` with the node's language model: the request rewritten as a production brief. */
export function modelEnhancer(model: LanguageModel): PromptEnhancer {
  return {
    name: `model:${model.id}`,
    enhance: async (prompt, signal) => {
      const { text } = await model.generateText({ system: SYSTEM, prompt, maxOutputTokens: 400, ...(signal ? { signal } : {}) });
      const brief = text.trim();
      return brief.length > 0 ? brief.slice(0, 10_000) : prompt;
    },
  };
}

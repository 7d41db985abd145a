import { extractTopic, findFigures } from './embedded-planner.js';

/**
 * The embedded prompt enhancer: restates the prompt as a production brief (subject, arc, figures
 * to show, tone) without adding facts the prompt does not state.
 */
export function enhancePromptEmbedded(prompt: string): string {
  const topic = extractTopic(prompt);
  const figures = findFigures(prompt);
  const parts = [
    `${topic}.`,
    prompt.trim().replace(/\s+/g, ' '),
    `Open with a hook that states why ${topic.charAt(0).toLowerCase() + topic.slice(1)} matters, build the body from the points above in order, and close with one clear takeaway.`,
  ];
  if (figures.length > 0) {
    parts.push(`Show ${figures.map((f) => `${f.prefix}${f.value}${f.suffix} (${f.label.toLowerCase()})`).join('; ')} as animated figures.`);
  }
  parts.push('Keep on-screen text short and readable.');
  return parts.join(' ');
}

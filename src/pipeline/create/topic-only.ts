// A node with no language model makes a video from what the request itself gives: the prompt's
// points, steps and figures, its documents, images and voiceover. A prompt that names only a topic
// ("How honeybees make honey", "Three facts about octopuses"), or says one short line and nothing more,
// gives a multi-scene video nothing to show but that line, held for its whole length and sold as a
// video. Such a create is refused before anything is written or charged, saying what to add or how
// to get a model. (A single-scene model makes one animated line, so a topic is its whole content.)
// An instruction with a topic ("Explain to a 10-year-old how vaccines work", "Fais une vidéo
// amusante sur les abeilles", "Spiegami in 30 secondi come funziona la fotosintesi") is refused
// however long it is: its words ask for a video, and none of them is a thing to show.
import { ServiceError } from '../../errors/service-error.js';
import { EmbeddedPlanner } from '../providers/embedded/embedded-planner.js';
import { readRequestContent } from '../providers/embedded/request-content.js';
import { findFigures } from '../../documents/stated-figures.js';

/** What the no-model check reads of a create: the prompt and what comes with it. */
export interface TopicOnlyInput {
  prompt: string;
  images: number;
  documents: number;
  /** A client voiceover says the video's words itself. */
  voiceover: boolean;
  brand?: { name?: string; description?: string; logo?: boolean };
}

/** A request that introduces its subject rather than asks for an explanation of it. */
const INTRODUCES = /^(?:meet|introducing|presenting|voici|ecco|conoce|conozcan)\b/iu;

/** A line of more words than this says something of its own: it is made, not refused. */
const TOPIC_WORDS = 10;

/**
 * The one line a prompt gives when that is all it gives, else undefined. Reads it as the embedded
 * planner does: topic-only is a multi-scene plan of one scene that shows its subject alone (no
 * subtitle, no point, no figure, no action, no logo), in ten words or fewer: a topic or a short
 * line. A longer statement is content of its own and is made.
 */
export async function topicOnly(input: TopicOnlyInput): Promise<string | undefined> {
  if (input.images > 0 || input.documents > 0 || input.voiceover) return undefined;
  // A prompt that only asks (every sentence an instruction, a video asked for, or its format,
  // audience, tone or length) gives nothing to show unless it lists items, names an action or
  // comes with a brand that describes itself.
  const content = readRequestContent(input.prompt);
  // A request that describes its subject with a figure ("an ad for a trail shoe that weighs 280 g") or
  // introduces someone with who they are ("Meet Mara, a lighthouse keeper on a stormy island") says
  // something of its own.
  const describes = content.sentences.some((sentence) => sentence.split(/\s+/).length >= 8 && (findFigures(sentence).length > 0 || (INTRODUCES.test(input.prompt.trim()) && /,\s/.test(sentence))));
  const asksOnly = content.stated.length === 0 && content.listed.length === 0 && !content.action && !describes && !input.brand?.description && !input.brand?.logo;
  if (asksOnly) return content.subject;
  const plan = await new EmbeddedPlanner().plan({
    prompt: input.prompt,
    language: 'en',
    durationSeconds: 30,
    fps: 30,
    multiScene: true,
    materials: {
      images: [],
      documents: [],
      ...(input.brand?.name ? { brandName: input.brand.name } : {}),
      ...(input.brand?.description ? { brandDescription: input.brand.description } : {}),
      ...(input.brand?.logo ? { logo: 'logo' } : {}),
    },
  } as Parameters<EmbeddedPlanner['plan']>[0]);
  if (plan.scenes.length !== 1) return undefined;
  const scene = plan.scenes[0]!;
  const settings = scene.settings as Record<string, unknown>;
  // A brand's name over the subject (the kicker) adds no content; its description as the subtitle does.
  const onlySubject = scene.kind === 'kinetic' || (scene.kind === 'title' && !settings.subtitle);
  if (!onlySubject) return undefined;
  const line = String(settings.text ?? settings.title ?? '').trim() || input.prompt.trim();
  // Two statements in one line ("Foragers collect nectar, house bees fan it dry") are two points, not a topic.
  const statements = line.split(/[,;]\s+/).filter((part) => part.split(/\s+/).length >= 3);
  if (content.stated.length > 0 && statements.length >= 2) return undefined;
  return line.split(/\s+/).length <= TOPIC_WORDS ? line : undefined;
}

/** The 400 for a topic-only prompt on a node with no language model: what to add, or how to get a model. */
export function topicOnlyError(line: string): ServiceError {
  // A prompt that says only how to make the video ("Make a 3 hour video") names nothing to show at all.
  if (!line) {
    const message =
      'prompt: this node has no language model, so a video shows only what the request itself says, ' +
      'and this prompt says how to make the video but not what to show. ' +
      'Write what to show in the prompt (the points, steps or figures, for example "How bees make honey: they collect nectar, they fan it dry, they seal it with wax"), attach a document, images or a voiceover, ' +
      'or have the operator give the node a language model (`service models pull`, or `serve --llm <provider>:<model>`)';
    return new ServiceError('invalid_request', message, {
      details: [{ field: 'body.prompt', message: 'says how to make the video but not what to show, and this node has no language model to write it: write the points, steps or figures to show, attach a document or images, or configure a language model' }],
    });
  }
  const example = `"${line.replace(/[.!?]+$/, '')}: first point, second point, third point"`;
  const message =
    'prompt: this node has no language model, so a video shows only what the request itself says, ' +
    `and this prompt gives one line ("${line}") to show and nothing about it, which the video would hold for its whole length. ` +
    `Write what to show in the prompt (the points, steps or figures, for example ${example}), attach a document, images or a voiceover, ` +
    'or have the operator give the node a language model (`service models pull`, or `serve --llm <provider>:<model>`)';
  return new ServiceError('invalid_request', message, {
    details: [{ field: 'body.prompt', message: `gives one line to show ("${line}") and this node has no language model to write more: write the points, steps or figures to show, attach a document or images, or configure a language model` }],
  });
}

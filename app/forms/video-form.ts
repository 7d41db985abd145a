/** A tri-state switch: leave it to the node (the prompt decides), or force it on or off. */
export type Toggle = 'auto' | 'on' | 'off';

/** An image attachment row. */
export interface ImageRow {
  url: string;
  context: string;
}

/** A document attachment row. */
export interface DocumentRow {
  url: string;
  mime_type: string;
  file_name: string;
}

/** An audio attachment row. */
export interface AudioRow {
  url: string;
  role: 'music' | 'voiceover' | 'sfx';
}

/** The New video form as typed: strings as in the inputs, `''` meaning "the node's default". */
export interface VideoForm {
  prompt: string;
  model: string;
  aspect_ratio: string;
  duration: string;
  animation_style: string;
  narration_voice: string;
  narration_language: string;
  narration: Toggle;
  music: Toggle;
  sfx: Toggle;
  /** Burned-in captions: '' as the prompt says, 'off', or a look. */
  captions: '' | 'off' | 'clean' | 'bold' | 'karaoke';
  /** Where they sit ('' the bottom). */
  captions_position: '' | 'bottom' | 'top' | 'middle';
  brand_kit_id: string;
  ai_video: string;
  storyboard: boolean;
  images: ImageRow[];
  documents: DocumentRow[];
  audio: AudioRow[];
  render: boolean;
}

/** An empty form: every choice left to the node, rendering on. */
export function emptyVideoForm(): VideoForm {
  return {
    prompt: '',
    model: '',
    aspect_ratio: '',
    duration: '',
    animation_style: '',
    narration_voice: '',
    narration_language: '',
    narration: 'auto',
    music: 'auto',
    sfx: 'auto',
    captions: '',
    captions_position: '',
    brand_kit_id: '',
    ai_video: '',
    storyboard: false,
    images: [],
    documents: [],
    audio: [],
    render: true,
  };
}

/** The document types the node reads, for the documents' type select. */
export const DOCUMENT_TYPES = [
  { value: 'application/pdf', label: 'PDF' },
  { value: 'text/csv', label: 'CSV' },
  { value: 'text/plain', label: 'Plain text' },
] as const;

/** The shapes of `aspect_ratio`, with the size each gives. */
export const ASPECT_RATIOS = [
  { value: '16:9', label: 'Landscape 16:9 (1920×1080)' },
  { value: '9:16', label: 'Vertical 9:16 (1080×1920)' },
  { value: '1:1', label: 'Square 1:1 (1080×1080)' },
  { value: '4:5', label: 'Portrait 4:5 (1080×1350)' },
] as const;

/** The looks of burned-in captions, for the captions select: a short label, and what it means under the select. */
export const CAPTION_CHOICES = [
  { value: '', label: 'From the prompt', detail: 'On when the prompt asks for them ("with captions").' },
  { value: 'off', label: 'Off' },
  { value: 'clean', label: 'Clean', detail: 'A subtitle line.' },
  { value: 'bold', label: 'Bold', detail: 'Large words.' },
  { value: 'karaoke', label: 'Karaoke', detail: 'Each word lit as it is said.' },
] as const;

/** The choices of `ai_video`, labelled short, with what each does. */
export const AI_VIDEO_CHOICES = [
  { value: 'auto', label: 'Auto', detail: 'Film shots where film shows the subject better.' },
  { value: 'off', label: 'Off', detail: 'Motion graphics only.' },
  { value: 'on', label: 'On', detail: 'A film shot in every other body scene.' },
  { value: 'full', label: 'Full', detail: 'Every scene is a film shot.' },
] as const;

function toggleField(toggle: Toggle): { value?: boolean } {
  return toggle === 'auto' ? {} : { value: toggle === 'on' };
}

/** A number when the text is one, else the text itself so that the node's 400 names the field. */
function numberOrText(text: string): number | string {
  return /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text;
}

/**
 * The body of `POST /v1/videos` (and `/estimate`) for a form: only what the person chose, so that
 * every default stays the node's; blank attachment rows are dropped.
 */
export function videoCreateBody(form: VideoForm): Record<string, unknown> {
  const body: Record<string, unknown> = { prompt: form.prompt };
  const text = (key: keyof VideoForm & string, value: string) => {
    if (value.trim() !== '') body[key] = value.trim();
  };
  text('model', form.model);
  text('aspect_ratio', form.aspect_ratio);
  if (form.duration.trim() !== '') body.duration = numberOrText(form.duration);
  text('animation_style', form.animation_style);
  text('narration_voice', form.narration_voice);
  text('narration_language', form.narration_language);
  for (const key of ['narration', 'music', 'sfx'] as const) {
    const { value } = toggleField(form[key]);
    if (value !== undefined) body[key] = value;
  }
  if (form.captions === 'off') body.captions = false;
  else if (form.captions !== '') body.captions = { style: form.captions, ...(form.captions_position === '' ? {} : { position: form.captions_position }) };
  text('brand_kit_id', form.brand_kit_id);
  text('ai_video', form.ai_video);
  if (form.storyboard) body.storyboard = true;
  const images = form.images.filter((row) => row.url.trim() !== '');
  if (images.length > 0) {
    body.images = images.map((row) => (row.context.trim() === '' ? { url: row.url.trim() } : { url: row.url.trim(), context: row.context.trim() }));
  }
  const documents = form.documents.filter((row) => row.url.trim() !== '');
  if (documents.length > 0) {
    body.documents = documents.map((row) => ({
      url: row.url.trim(),
      mime_type: row.mime_type,
      ...(row.file_name.trim() === '' ? {} : { file_name: row.file_name.trim() }),
    }));
  }
  const audio = form.audio.filter((row) => row.url.trim() !== '');
  if (audio.length > 0) body.audio = audio.map((row) => ({ url: row.url.trim(), role: row.role }));
  body.render = form.render;
  return body;
}

/** What a model takes, from `GET /v1/models`. */
export interface ModelAbilities {
  multi_scene: boolean;
  supports: { narration: boolean; music: boolean; sfx: boolean; ai_video: boolean };
}

/**
 * The form with the choices the model cannot take reset to the node's default, so that switching
 * to a single-scene model does not leave a refused `narration: true` or `ai_video` behind.
 */
export function fitFormToModel(form: VideoForm, model: ModelAbilities | undefined): VideoForm {
  if (model === undefined) return form;
  const fitted = { ...form };
  if (!model.supports.narration) {
    fitted.narration = 'auto';
    fitted.captions = '';
    fitted.captions_position = '';
    fitted.narration_voice = '';
    fitted.narration_language = '';
  }
  if (!model.supports.music) fitted.music = 'auto';
  if (!model.supports.sfx) fitted.sfx = 'auto';
  if (!model.supports.ai_video) {
    fitted.ai_video = '';
    fitted.storyboard = false;
  }
  if (!model.multi_scene) {
    fitted.brand_kit_id = '';
    fitted.audio = [];
  }
  return fitted;
}

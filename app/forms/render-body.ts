/** A number when the text is one, else the text itself so that the node's 400 names the field. */
function numberOrText(text: string): number | string {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : text.trim();
}

/** A render's file, as the form picks it: a format (empty: MP4), and whether its background is transparent. */
export interface RenderFileChoice {
  format: '' | 'mp4' | 'webm' | 'mov' | 'gif';
  transparent: boolean;
}

/**
 * The body of `POST /v1/videos/{id}/render` for the size, frame rate and file picked in the form:
 * empty fields keep the job's; a size with one side typed takes the other side from the job's size;
 * a transparent background is asked for as it is picked (the node refuses it for MP4 and GIF).
 */
export function renderBody(width: string, height: string, fps: string, current?: { width: number; height: number }, file?: RenderFileChoice): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (width.trim() !== '' || height.trim() !== '') {
    body.dimensions = {
      width: width.trim() === '' && current ? current.width : numberOrText(width),
      height: height.trim() === '' && current ? current.height : numberOrText(height),
    };
  }
  if (fps !== '') body.fps = numberOrText(fps);
  if (file?.format) body.format = file.format;
  if (file?.transparent) body.background = 'transparent';
  return body;
}

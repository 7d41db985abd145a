/** A number when the text is one, else the text itself so that the node's 400 names the field. */
function numberOrText(text: string): number | string {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : text.trim();
}

/**
 * The body of `POST /v1/videos/{id}/render` for the size and frame rate typed in the form: empty
 * fields keep the job's; a size with one side typed takes the other side from the job's size.
 */
export function renderBody(width: string, height: string, fps: string, current?: { width: number; height: number }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (width.trim() !== '' || height.trim() !== '') {
    body.dimensions = {
      width: width.trim() === '' && current ? current.width : numberOrText(width),
      height: height.trim() === '' && current ? current.height : numberOrText(height),
    };
  }
  if (fps !== '') body.fps = numberOrText(fps);
  return body;
}

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';

/** The 15 tools of the spec and the node's get_captions, in the order the node lists them. */
export const TOOL_NAMES = [
  'create_video', 'get_video_status', 'edit_video', 'preview_video', 'get_captions', 'approve_video', 'render_video', 'cancel_video', 'list_videos',
  'list_models', 'list_animation_styles', 'list_voices', 'list_brand_kits', 'enhance_prompt', 'get_credit_balance', 'whoami',
];
export const READ_ONLY = ['get_video_status', 'preview_video', 'get_captions', 'list_videos', 'list_models', 'list_animation_styles', 'list_voices', 'list_brand_kits', 'get_credit_balance', 'whoami'];

/** The `{ error }` body a tool error carries as text. */
export function toolError(answer: unknown): { code: string; message: string; status: number } {
  const result = answer as CallToolResult;
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const text = result.content[0];
  if (text?.type !== 'text') throw new Error('tool error without text');
  return (JSON.parse(text.text) as { error: { code: string; message: string; status: number } }).error;
}

// Infographic records as the API shows them: camelCase, per DECISIONS.md.
import type { NodeContext } from '../../node-context.js';
import { signFileUrl } from '../../security/signed-urls.js';
import type { InfographicProjectRow, InfographicRenderRow, InfographicVersionRow } from '../../store/infographics-store.js';
import type { InfographicSettings, SettingsSchema } from './infographic-settings.js';

/** A version as the API shows it. */
export interface InfographicVersionView {
  versionId: string;
  projectId: string;
  number: number;
  status: InfographicVersionRow['status'];
  settings: InfographicSettings;
  settingsSchema: SettingsSchema;
  dimensions: { width: number; height: number };
  duration: number;
  createdAt: string;
  error?: { code: string; message: string };
}

/** A render as the API shows it. */
export interface InfographicRenderView {
  renderId: string;
  projectId: string;
  versionId: string;
  status: InfographicRenderRow['status'];
  dimensions: { width: number; height: number };
  fps: number;
  duration: number;
  /** The file's format (mp4, webm, gif or mov); the url's file name ends in it. */
  format: InfographicRenderRow['format'];
  /** Present when transparent: no background, an alpha channel. */
  background?: 'transparent';
  /** The version's settings with the render's `settingsValues` merged: what the render shows. */
  settings: InfographicSettings;
  settingsValues: Record<string, unknown>;
  /** Signed download link of the file (about 15 minutes), once completed. */
  url?: string;
  error?: { code: string; message: string };
  createdAt: string;
  finishedAt?: string;
}

export function toVersionView(row: InfographicVersionRow): InfographicVersionView {
  return {
    versionId: row.id,
    projectId: row.project_id,
    number: row.number,
    status: row.status,
    settings: JSON.parse(row.settings) as InfographicSettings,
    settingsSchema: JSON.parse(row.settings_schema) as SettingsSchema,
    dimensions: { width: row.width, height: row.height },
    duration: row.duration_seconds,
    createdAt: row.created_at,
    ...(row.status === 'failed' ? { error: { code: row.error_code ?? 'internal_error', message: row.error_message ?? 'generation failed' } } : {}),
  };
}

export function toRenderView(ctx: NodeContext, row: InfographicRenderRow, baseUrl: string): InfographicRenderView {
  return {
    renderId: row.id,
    projectId: row.project_id,
    versionId: row.version_id,
    status: row.status,
    dimensions: { width: row.width, height: row.height },
    fps: row.fps,
    duration: row.duration_seconds,
    format: row.format,
    ...(row.background === 'transparent' ? { background: 'transparent' as const } : {}),
    settings: JSON.parse(row.settings) as InfographicSettings,
    settingsValues: JSON.parse(row.settings_values) as Record<string, unknown>,
    ...(row.status === 'completed' && row.output_path ? { url: signFileUrl(ctx.keys.downloads, baseUrl, row.output_path) } : {}),
    ...(row.status === 'failed' ? { error: { code: row.error_code ?? 'render_failed', message: row.error_message ?? 'render failed' } } : {}),
    createdAt: row.created_at,
    ...(row.finished_at ? { finishedAt: row.finished_at } : {}),
  };
}

/** An item of `GET /v1/infographics`. */
export function toProjectListItem(ctx: NodeContext, row: InfographicProjectRow): { projectId: string; prompt: string; createdAt: string; latestVersionId: string | null } {
  return { projectId: row.id, prompt: row.prompt, createdAt: row.created_at, latestVersionId: ctx.infographics.latestVersionId(row.id) ?? null };
}

/** `GET /v1/infographics/{id}`: the project, all its versions (oldest first) and its renders (newest first). */
export function toProjectView(ctx: NodeContext, row: InfographicProjectRow, baseUrl: string): Record<string, unknown> {
  return {
    projectId: row.id,
    prompt: row.prompt,
    createdAt: row.created_at,
    versions: ctx.infographics.versions(row.id).map(toVersionView),
    renders: ctx.infographics.renders(row.id).map((render) => toRenderView(ctx, render, baseUrl)),
  };
}

import type { Db } from './open-database.js';
import type { OutputFormat, RenderBackground } from '../render/formats/output-format.js';
import { StatementCache } from './statement-cache.js';

/** An infographic project row. */
export interface InfographicProjectRow {
  id: string;
  account_id: string;
  api_key_id: string | null;
  prompt: string;
  options: string;
  webhook_url: string | null;
  created_at: string;
}

/** Statuses of a version: generated synchronously, so `generating` lasts only while the request runs. */
export type InfographicVersionStatus = 'generating' | 'ready' | 'failed';

/** An infographic version row; JSON columns are text. */
export interface InfographicVersionRow {
  id: string;
  project_id: string;
  number: number;
  status: InfographicVersionStatus;
  width: number;
  height: number;
  duration_seconds: number;
  content: string;
  theme: string;
  assets: string;
  settings: string;
  settings_schema: string;
  source: string | null;
  compiled: string | null;
  writer: string | null;
  audit: string | null;
  charge_millicredits: number;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Statuses of a render. */
export type InfographicRenderStatus = 'queued' | 'rendering' | 'completed' | 'failed';

/** An infographic render row. */
export interface InfographicRenderRow {
  id: string;
  project_id: string;
  version_id: string;
  account_id: string;
  api_key_id: string | null;
  status: InfographicRenderStatus;
  width: number;
  height: number;
  fps: number;
  duration_seconds: number;
  settings_values: string;
  settings: string;
  webhook_url: string | null;
  charge_millicredits: number;
  renders_needed: number;
  /** The file's format. @default 'mp4' */
  format: OutputFormat;
  /** `transparent`: no background, an alpha channel (webm and mov only). @default 'opaque' */
  background: RenderBackground;
  output_path: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

type VersionUpdate = Partial<Pick<InfographicVersionRow, 'status' | 'source' | 'compiled' | 'writer' | 'audit' | 'error_code' | 'error_message' | 'finished_at'>>;
type RenderUpdate = Partial<Pick<InfographicRenderRow, 'status' | 'output_path' | 'error_code' | 'error_message' | 'started_at' | 'finished_at'>>;

/** Reads and writes infographic projects, versions and renders. */
export class InfographicsStore {
  private readonly sql: StatementCache;

  constructor(db: Db) {
    this.sql = new StatementCache(db);
  }

  private insert(table: string, row: object): void {
    const columns = Object.keys(row);
    this.sql.get(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`).run(row);
  }

  private update(table: string, id: string, changes: object): void {
    const columns = Object.keys(changes);
    if (columns.length === 0) return;
    this.sql.get(`UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({ ...changes, id });
  }

  insertProject(row: InfographicProjectRow): void {
    this.insert('infographic_projects', row);
  }

  getProject(id: string): InfographicProjectRow | undefined {
    return this.sql.get('SELECT * FROM infographic_projects WHERE id = ?').get(id) as InfographicProjectRow | undefined;
  }

  /** An account's projects, newest first, after the project `after` (a page of `limit`). */
  listProjects(accountId: string, limit: number, after?: InfographicProjectRow): InfographicProjectRow[] {
    if (!after) {
      return this.sql
        .get('SELECT * FROM infographic_projects WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
        .all(accountId, limit) as InfographicProjectRow[];
    }
    return this.sql
      .get(
        `SELECT * FROM infographic_projects WHERE account_id = ? AND (created_at < ? OR (created_at = ? AND id < ?))
         ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(accountId, after.created_at, after.created_at, after.id, limit) as InfographicProjectRow[];
  }

  insertVersion(row: InfographicVersionRow): void {
    this.insert('infographic_versions', row);
  }

  getVersion(id: string): InfographicVersionRow | undefined {
    return this.sql.get('SELECT * FROM infographic_versions WHERE id = ?').get(id) as InfographicVersionRow | undefined;
  }

  updateVersion(id: string, changes: VersionUpdate): void {
    this.update('infographic_versions', id, changes);
  }

  /** A project's versions, oldest first. */
  versions(projectId: string): InfographicVersionRow[] {
    return this.sql.get('SELECT * FROM infographic_versions WHERE project_id = ? ORDER BY number').all(projectId) as InfographicVersionRow[];
  }

  latestVersionId(projectId: string): string | undefined {
    return this.sql.get('SELECT id FROM infographic_versions WHERE project_id = ? ORDER BY number DESC LIMIT 1').pluck().get(projectId) as string | undefined;
  }

  /** Versions a stopped process left `generating`. */
  listGenerating(): InfographicVersionRow[] {
    return this.sql.get("SELECT * FROM infographic_versions WHERE status = 'generating' ORDER BY created_at").all() as InfographicVersionRow[];
  }

  insertRender(row: InfographicRenderRow): void {
    this.insert('infographic_renders', row);
  }

  getRender(id: string): InfographicRenderRow | undefined {
    return this.sql.get('SELECT * FROM infographic_renders WHERE id = ?').get(id) as InfographicRenderRow | undefined;
  }

  updateRender(id: string, changes: RenderUpdate): void {
    this.update('infographic_renders', id, changes);
  }

  /** A project's renders, newest first. */
  renders(projectId: string): InfographicRenderRow[] {
    return this.sql.get('SELECT * FROM infographic_renders WHERE project_id = ? ORDER BY created_at DESC, id DESC').all(projectId) as InfographicRenderRow[];
  }

  /** Renders a stopped process left queued or rendering, oldest first. */
  listUnfinishedRenders(): InfographicRenderRow[] {
    return this.sql.get("SELECT * FROM infographic_renders WHERE status IN ('queued', 'rendering') ORDER BY created_at, id").all() as InfographicRenderRow[];
  }
}

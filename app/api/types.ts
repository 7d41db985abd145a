// Shapes of the node's answers that the app reads (README "REST API"); fields it does not read are omitted.

/** `GET /app/api/session` and `POST /app/api/sign-in`. */
export interface Session {
  account: { id: string; name: string; email: string; plan: string };
  csrf_token: string;
}

/** One part of an estimate. */
export interface EstimatePart {
  part: string;
  credits: number;
  covered_by?: string;
  list_credits?: number;
}

/** `POST /v1/videos/estimate`. */
export interface Estimate {
  estimated_credits: number;
  estimate_breakdown: EstimatePart[];
}

/** A job warning. */
export interface JobWarning {
  code: string;
  message: string;
}

/** The poll response of `GET /v1/videos/{id}` (also a list item). */
export interface Video {
  id: string;
  status: string;
  phase?: string;
  phase_detail?: string;
  poll_after_seconds: number;
  model: string;
  prompt: string;
  enhanced_prompt?: string;
  progress: { scenes_committed: number; scenes_planned: number; frames_done?: number; frames_total?: number };
  scenes: { id: string; title: string; duration_seconds: number; visual?: { kind: string; names: string[] } }[];
  app_url: string;
  created_at: string;
  updated_at: string;
  elapsed_seconds: number;
  last_activity_at: string;
  dimensions?: { width: number; height: number };
  fps?: number;
  duration_seconds?: number;
  error?: { code: string; message: string };
  cancel_requested?: boolean;
  credits_cost?: number;
  download_url?: string;
  warnings: JobWarning[];
  parent_id?: string;
  review?: { gate: 'cast' | 'storyboard'; round: number; changed?: string[] };
  estimate_breakdown?: EstimatePart[];
  edit?: { instruction: string; changes: string[] };
  /** Every render of the job, oldest first, once it has one; the original's MP4 is `download_url`. */
  renders?: VideoRender[];
  /** The sound plan, once planned; `captions` is the look of burned-in captions (null: none). */
  audio?: { narration: boolean; music: boolean; sfx: boolean; narration_language?: string; narration_voice?: string; captions?: { style: string; position: string } | null };
}

/** One render of a video (`renders` of the poll response): an MP4, WebM, MOV or GIF. */
export interface VideoRender {
  id: string;
  status: 'queued' | 'rendering' | 'completed' | 'failed';
  /** The job's own render, at its dimensions and fps. */
  original: boolean;
  dimensions: { width: number; height: number };
  fps: number;
  /** The file's format (absent on a node before formats: MP4). */
  format?: 'mp4' | 'webm' | 'mov' | 'gif';
  /** Present when the render has an alpha channel. */
  background?: 'transparent';
  created_at: string;
  completed_at?: string;
  error?: string;
  download_url?: string;
}

/** `GET /v1/videos`. */
export interface VideoList {
  videos: Video[];
  next_cursor: string | null;
}

/** The 202 of create and edit. */
export interface CreatedVideo {
  id: string;
  status: string;
  estimated_credits: number;
}

/** One still of `GET /v1/videos/{id}/frames`. */
export interface Frame {
  scene_id: string | null;
  index: number;
  time_seconds?: number;
  width: number;
  height: number;
  mime_type: string;
  data: string;
  name?: string;
}

/** `GET /v1/videos/{id}/frames`. */
export interface Frames {
  video_id: string;
  source: 'video' | 'stills' | 'cast' | 'storyboard';
  frames: Frame[];
}

/** `GET /v1/models` item. */
export interface Model {
  id: string;
  label: string;
  description: string;
  multi_scene: boolean;
  supports: { narration: boolean; music: boolean; sfx: boolean; ai_video: boolean };
  duration_options: number[];
  max_duration_seconds: number;
  default: boolean;
  available: boolean;
  unavailable_reason?: string;
  /** What runs each part here (extension): `planner` is `embedded` when the node has no language model. */
  backed_by?: { planner: string };
}

/** `GET /v1/animation-styles`. */
export interface AnimationStyles {
  default_style: string;
  styles: { id: string; name: string; vibe: string }[];
}

/** `GET /v1/voices` item. */
export interface Voice {
  id: string;
  name: string;
  description?: string;
  gender?: string;
  accent?: string;
  /** Who speaks it: `embedded` (the node's own engine) or the speech model's provider. */
  provider?: string;
  languages?: string[];
}

/** `GET /v1/brand-kits` item. */
export interface BrandKit {
  id: string;
  name: string;
  description: string;
  website_url: string;
  colors: { primary: string; secondary: string; accent: string };
  fonts: { heading: string; body: string };
  has_logo: boolean;
}

/** `GET /v1/account`. */
export interface Account {
  id: string;
  name: string;
  plan: string;
  balance: number;
  monthly_renders: number;
  renders_used: number;
  renders_remaining: number;
}

/** `GET /v1/account/ledger`. */
export interface Ledger {
  entries: { id: string; kind: string; credits: number; reason: string; reference: string | null; created_at: string }[];
  next_cursor: string | null;
}

/** `GET /v1/api-keys` item. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  webhook_url: string | null;
  created_at: string;
  revoked_at: string | null;
}

/** `POST /v1/api-keys`: the key and secret, shown once. */
export interface CreatedApiKey extends ApiKey {
  key: string;
  webhook_secret: string;
}

/** `GET /v1/account/connections` item. */
export interface Connection {
  id: string;
  client_name: string;
  scopes: string[];
  created_at: string;
  last_used_at?: string;
}

/** `GET /v1/infographics`. */
export interface InfographicList {
  projects: { projectId: string; prompt: string; createdAt: string; latestVersionId: string }[];
  nextCursor: string | null;
}

/** A JSON Schema property of an infographic version's `settingsSchema`. */
export interface SettingsProperty {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** An infographic version. */
export interface InfographicVersion {
  versionId: string;
  projectId: string;
  number: number;
  status: string;
  settings: Record<string, unknown>;
  settingsSchema: { properties?: Record<string, SettingsProperty>; required?: string[] };
  dimensions: { width: number; height: number };
  duration: number;
  createdAt: string;
  error?: { code: string; message: string };
}

/** An infographic render. */
export interface InfographicRender {
  renderId: string;
  status: string;
  versionId?: string;
  url?: string;
  error?: { code: string; message: string };
}

/** `GET /v1/infographics/{id}`. */
export interface InfographicProject {
  projectId: string;
  prompt: string;
  createdAt: string;
  versions: InfographicVersion[];
  renders: InfographicRender[];
}

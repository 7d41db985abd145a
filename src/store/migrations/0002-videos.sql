-- Video jobs, their scenes, renders, and idempotent create answers.

CREATE TABLE videos (
  id                TEXT PRIMARY KEY,
  account_id        TEXT NOT NULL REFERENCES accounts(id),
  api_key_id        TEXT REFERENCES api_keys(id),
  project_id        TEXT NOT NULL,
  parent_id         TEXT REFERENCES videos(id),
  status            TEXT NOT NULL,      -- queued, processing, rendering, completed, failed, canceled, awaiting_approval
  phase             TEXT,               -- planning, generating, finishing (inside processing)
  phase_detail      TEXT,
  model             TEXT NOT NULL,
  prompt            TEXT NOT NULL,
  enhanced_prompt   TEXT,
  options           TEXT NOT NULL,      -- JSON: the resolved create options
  width             INTEGER NOT NULL,
  height            INTEGER NOT NULL,
  fps               INTEGER NOT NULL,
  duration_seconds  REAL NOT NULL,      -- target duration
  render            INTEGER NOT NULL,   -- 1: render an MP4 when generation ends
  webhook_url       TEXT,
  estimated_millicredits INTEGER NOT NULL,
  credits_cost_millicredits INTEGER,    -- set at the terminal transition, equal to the ledger charge
  plan              TEXT,               -- JSON: the story plan, once written (checkpoint)
  scenes_planned    INTEGER NOT NULL DEFAULT 0,
  scenes_committed  INTEGER NOT NULL DEFAULT 0,
  cancel_requested  INTEGER NOT NULL DEFAULT 0,
  error_code        TEXT,
  error_message     TEXT,
  output_path       TEXT,               -- relative to files/, the latest MP4
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,      -- job-record writes only (status, phase transitions), not progress
  last_activity_at  TEXT NOT NULL,
  started_at        TEXT,
  finished_at       TEXT
);
CREATE INDEX videos_account_created ON videos(account_id, created_at DESC, id DESC);
CREATE INDEX videos_status ON videos(status);

CREATE TABLE scenes (
  id                TEXT PRIMARY KEY,
  video_id          TEXT NOT NULL REFERENCES videos(id),
  position          INTEGER NOT NULL,
  title             TEXT NOT NULL,
  role              TEXT NOT NULL,      -- hook, body, close
  kind              TEXT NOT NULL,      -- the kit template the plan chose
  duration_seconds  REAL NOT NULL,
  settings          TEXT NOT NULL,      -- JSON: what the scene shows
  source            TEXT,               -- TSX scene code, once written
  compiled          TEXT,               -- CommonJS from esbuild
  writer            TEXT,               -- who wrote the code (embedded template, provider name, fallback)
  committed_at      TEXT,
  UNIQUE (video_id, position)
);

CREATE TABLE video_renders (
  id                TEXT PRIMARY KEY,
  video_id          TEXT NOT NULL REFERENCES videos(id),
  status            TEXT NOT NULL,      -- queued, rendering, completed, failed
  width             INTEGER NOT NULL,
  height            INTEGER NOT NULL,
  fps               INTEGER NOT NULL,
  renders_used      INTEGER NOT NULL,   -- plan renders this uses (2 for 4K)
  output_path       TEXT,
  error_message     TEXT,
  created_at        TEXT NOT NULL,
  finished_at       TEXT
);
CREATE INDEX video_renders_video ON video_renders(video_id);

CREATE TABLE idempotency_keys (
  account_id        TEXT NOT NULL REFERENCES accounts(id),
  route             TEXT NOT NULL,
  key               TEXT NOT NULL,
  request_hash      TEXT NOT NULL,
  status_code       INTEGER NOT NULL,
  response          TEXT NOT NULL,
  created_at        TEXT NOT NULL,
  PRIMARY KEY (account_id, route, key)
);

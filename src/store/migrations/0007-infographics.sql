-- Infographic projects, their versions (one generated scene each, with settings and their schema)
-- and renders of a version to MP4.

CREATE TABLE infographic_projects (
  id             TEXT PRIMARY KEY,
  account_id     TEXT NOT NULL REFERENCES accounts(id),
  api_key_id     TEXT REFERENCES api_keys(id),
  prompt         TEXT NOT NULL,
  options        TEXT NOT NULL,      -- JSON: the resolved generate request (sizes, style, brand, attachments)
  webhook_url    TEXT,               -- default for the project's renders
  created_at     TEXT NOT NULL
);
CREATE INDEX infographic_projects_account_created ON infographic_projects(account_id, created_at DESC, id DESC);

CREATE TABLE infographic_versions (
  id               TEXT PRIMARY KEY,
  project_id       TEXT NOT NULL REFERENCES infographic_projects(id),
  number           INTEGER NOT NULL,   -- 1, 2, ... within the project
  status           TEXT NOT NULL,      -- generating, ready, failed
  width            INTEGER NOT NULL,
  height           INTEGER NOT NULL,
  duration_seconds REAL NOT NULL,
  content          TEXT NOT NULL,      -- JSON: what the planner chose (visual, items, sourceRef)
  theme            TEXT NOT NULL,      -- JSON: the resolved style pack and brand
  assets           TEXT NOT NULL,      -- JSON: prepared image files by name, relative to files/
  settings         TEXT NOT NULL,      -- JSON: the default settings
  settings_schema  TEXT NOT NULL,      -- JSON Schema (draft 2020-12) of the settings
  source           TEXT,               -- TSX scene code
  compiled         TEXT,               -- CommonJS from esbuild
  writer           TEXT,
  audit            TEXT,               -- JSON: layout audit of the middle test frame
  charge_millicredits INTEGER NOT NULL,
  error_code       TEXT,
  error_message    TEXT,
  created_at       TEXT NOT NULL,
  finished_at      TEXT,
  UNIQUE (project_id, number)
);
CREATE INDEX infographic_versions_status ON infographic_versions(status);

CREATE TABLE infographic_renders (
  id                 TEXT PRIMARY KEY,
  project_id         TEXT NOT NULL REFERENCES infographic_projects(id),
  version_id         TEXT NOT NULL REFERENCES infographic_versions(id),
  account_id         TEXT NOT NULL REFERENCES accounts(id),
  api_key_id         TEXT REFERENCES api_keys(id),
  status             TEXT NOT NULL,    -- queued, rendering, completed, failed
  width              INTEGER NOT NULL,
  height             INTEGER NOT NULL,
  fps                INTEGER NOT NULL,
  duration_seconds   REAL NOT NULL,
  settings_values    TEXT NOT NULL,    -- JSON: the overrides as sent
  settings           TEXT NOT NULL,    -- JSON: the version's settings with the overrides merged
  webhook_url        TEXT,
  charge_millicredits INTEGER NOT NULL,
  renders_needed     INTEGER NOT NULL, -- plan renders used when it completes (2 for 4K)
  output_path        TEXT,             -- relative to files/
  error_code         TEXT,
  error_message      TEXT,
  created_at         TEXT NOT NULL,
  started_at         TEXT,
  finished_at        TEXT
);
CREATE INDEX infographic_renders_project ON infographic_renders(project_id, created_at DESC);
CREATE INDEX infographic_renders_status ON infographic_renders(status);

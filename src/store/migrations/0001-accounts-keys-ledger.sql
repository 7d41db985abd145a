-- Accounts, their API keys, the credit ledger, render usage and brand kits.
-- Credits are stored as integer millicredits (1 credit = 1000) so sums never drift.

CREATE TABLE accounts (
  id              TEXT PRIMARY KEY,
  name            TEXT NOT NULL,
  email           TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash   TEXT,
  plan            TEXT NOT NULL,
  monthly_renders INTEGER,            -- NULL: the plan's default quota
  is_owner        INTEGER NOT NULL DEFAULT 0,
  created_at      TEXT NOT NULL
);

CREATE TABLE api_keys (
  id                     TEXT PRIMARY KEY,
  account_id             TEXT NOT NULL REFERENCES accounts(id),
  name                   TEXT NOT NULL DEFAULT '',
  key_hash               TEXT NOT NULL UNIQUE,   -- SHA-256 of the full key; the key itself is never stored
  key_prefix             TEXT NOT NULL,          -- first characters, for people to tell keys apart
  webhook_url            TEXT,
  webhook_secret_sealed  TEXT NOT NULL,          -- whsec_ secret sealed with the node secret (AES-256-GCM)
  created_at             TEXT NOT NULL,
  revoked_at             TEXT
);
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE ledger_entries (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id   TEXT NOT NULL REFERENCES accounts(id),
  millicredits INTEGER NOT NULL,      -- positive: grant or refund; negative: charge
  kind         TEXT NOT NULL,         -- grant, adjustment, charge, refund
  reason       TEXT NOT NULL,
  reference    TEXT,                  -- job, render or infographic id the entry belongs to
  created_at   TEXT NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries(account_id);
-- A charge or refund for one reference happens once, whatever crashes in between.
CREATE UNIQUE INDEX ledger_entries_once ON ledger_entries(account_id, kind, reference) WHERE reference IS NOT NULL;

CREATE TABLE render_usage (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id  TEXT NOT NULL REFERENCES accounts(id),
  renders     INTEGER NOT NULL,       -- 1, or 2 for 4K; negative to give one back
  reference   TEXT NOT NULL,
  month       TEXT NOT NULL,          -- YYYY-MM (UTC) the render counts against
  created_at  TEXT NOT NULL
);
CREATE INDEX render_usage_account_month ON render_usage(account_id, month);

CREATE TABLE brand_kits (
  id           TEXT PRIMARY KEY,
  account_id   TEXT NOT NULL REFERENCES accounts(id),
  name         TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  website_url  TEXT NOT NULL DEFAULT '',
  colors       TEXT NOT NULL,         -- JSON {primary, secondary, accent}
  fonts        TEXT NOT NULL,         -- JSON {heading, body}
  logo_path    TEXT,                  -- relative to the data dir's files/
  created_at   TEXT NOT NULL
);
CREATE INDEX brand_kits_account ON brand_kits(account_id);

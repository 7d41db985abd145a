-- The OAuth 2.1 authorization server of the MCP endpoint: registered clients, sign-in flows in
-- progress, authorization codes, connections (grants) and tokens. Every secret (client secret,
-- code, token, flow handle) is stored as its SHA-256 hash only.

CREATE TABLE oauth_clients (
  id                          TEXT PRIMARY KEY,       -- cli_...; the client_id
  secret_hash                 TEXT,                   -- SHA-256 of the mvcs_ secret; NULL for a public client
  client_name                 TEXT,
  redirect_uris               TEXT NOT NULL,          -- JSON array of exact URIs
  token_endpoint_auth_method  TEXT NOT NULL CHECK (token_endpoint_auth_method IN ('none', 'client_secret_post', 'client_secret_basic')),
  grant_types                 TEXT NOT NULL,          -- JSON array: authorization_code, refresh_token
  metadata                    TEXT NOT NULL DEFAULT '{}', -- JSON of the other registered fields (client_uri, scope, ...)
  created_at                  TEXT NOT NULL
);

-- A sign-in and consent flow between page loads: created by GET /oauth/authorize, gone once the
-- user approves or denies, dead after expires_at.
CREATE TABLE oauth_pending_requests (
  id                  TEXT PRIMARY KEY,               -- SHA-256 of the request_id sent in the page
  client_id           TEXT NOT NULL REFERENCES oauth_clients(id),
  redirect_uri        TEXT NOT NULL,
  state               TEXT,
  code_challenge      TEXT NOT NULL,                  -- S256
  scopes              TEXT NOT NULL,                  -- space-separated
  resource            TEXT NOT NULL,
  account_id          TEXT REFERENCES accounts(id),   -- set by a successful sign-in
  consent_token_hash  TEXT,                           -- set by a successful sign-in; the consent form must carry it
  failed_sign_ins     INTEGER NOT NULL DEFAULT 0,
  created_at          TEXT NOT NULL,
  expires_at          TEXT NOT NULL
);
CREATE INDEX oauth_pending_requests_expiry ON oauth_pending_requests(expires_at);

-- A connection is what the account owner approved: one client acting for one account. Approving
-- the same client again reuses the active connection.
CREATE TABLE oauth_connections (
  id            TEXT PRIMARY KEY,                     -- con_...
  client_id     TEXT NOT NULL REFERENCES oauth_clients(id),
  account_id    TEXT NOT NULL REFERENCES accounts(id),
  scopes        TEXT NOT NULL,                        -- space-separated
  resource      TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  last_used_at  TEXT,
  revoked_at    TEXT
);
CREATE UNIQUE INDEX oauth_connections_active ON oauth_connections(client_id, account_id) WHERE revoked_at IS NULL;
CREATE INDEX oauth_connections_account ON oauth_connections(account_id);

CREATE TABLE oauth_codes (
  code_hash       TEXT PRIMARY KEY,                   -- SHA-256 of the mvac_ code
  client_id       TEXT NOT NULL REFERENCES oauth_clients(id),
  connection_id   TEXT NOT NULL REFERENCES oauth_connections(id),
  redirect_uri    TEXT NOT NULL,
  code_challenge  TEXT NOT NULL,                      -- S256
  scopes          TEXT NOT NULL,
  resource        TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  expires_at      TEXT NOT NULL,
  used_at         TEXT                                -- set on exchange; a second exchange revokes what the first issued
);

CREATE TABLE oauth_tokens (
  token_hash     TEXT PRIMARY KEY,                    -- SHA-256 of the mvat_ or mvrt_ token
  kind           TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  connection_id  TEXT NOT NULL REFERENCES oauth_connections(id),
  code_hash      TEXT,                                -- the code this token's rotation chain began with
  scopes         TEXT NOT NULL,
  resource       TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  expires_at     TEXT NOT NULL,
  used_at        TEXT,                                -- refresh tokens: set when rotated; presenting it again is theft
  revoked_at     TEXT
);
CREATE INDEX oauth_tokens_connection ON oauth_tokens(connection_id);
CREATE INDEX oauth_tokens_code ON oauth_tokens(code_hash);
CREATE INDEX oauth_tokens_expiry ON oauth_tokens(expires_at);

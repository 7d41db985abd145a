-- Sessions of the web app (/app): the cookie holds a random token, the database only its SHA-256.
-- A session dies after 30 days without use (last_seen_at) or when the person signs out.
CREATE TABLE app_sessions (
  id            TEXT PRIMARY KEY,                                   -- SHA-256 (hex) of the cookie token
  account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  csrf_token    TEXT NOT NULL,                                      -- sent back as x-csrf-token on every change
  created_at    TEXT NOT NULL,
  last_seen_at  TEXT NOT NULL
);
CREATE INDEX app_sessions_account ON app_sessions (account_id);

-- Failed app sign-ins per email (lower-cased, known or not), for the 10-in-15-minutes lockout; a
-- successful sign-in deletes the email's rows.
CREATE TABLE app_sign_in_failures (
  email      TEXT NOT NULL,
  failed_at  TEXT NOT NULL
);
CREATE INDEX app_sign_in_failures_email ON app_sign_in_failures (email, failed_at);

-- The webhook outbox: a row per event to deliver, written in the same transaction as the state
-- change it reports, and a row per delivery attempt. The delivery loop reads only these tables, so
-- a restarted process goes on where the last one stopped.

CREATE TABLE webhook_outbox (
  id               TEXT PRIMARY KEY,                  -- wh_...; sent as webhook-id on every attempt
  account_id       TEXT NOT NULL REFERENCES accounts(id),
  api_key_id       TEXT REFERENCES api_keys(id),      -- whose secret signs it; NULL for a future OAuth client
  event            TEXT NOT NULL,                     -- video.completed, render.failed, ...
  url              TEXT NOT NULL,
  payload          TEXT NOT NULL,                     -- the exact JSON body sent, built once at enqueue
  status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TEXT NOT NULL,                     -- ISO 8601; while a delivery is in flight, the end of its lease
  created_at       TEXT NOT NULL,
  delivered_at     TEXT,
  last_error       TEXT                               -- why the last attempt failed, or why the row was refused
);
CREATE INDEX webhook_outbox_due ON webhook_outbox(status, next_attempt_at);
CREATE INDEX webhook_outbox_account ON webhook_outbox(account_id);

CREATE TABLE webhook_attempts (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  outbox_id    TEXT NOT NULL REFERENCES webhook_outbox(id),
  attempt      INTEGER NOT NULL,                      -- 1 for the first try
  started_at   TEXT NOT NULL,
  duration_ms  INTEGER NOT NULL,
  status_code  INTEGER,                               -- NULL when no response came (timeout, connection error, refused)
  error        TEXT                                   -- NULL on a 2xx
);
CREATE INDEX webhook_attempts_outbox ON webhook_attempts(outbox_id, attempt);

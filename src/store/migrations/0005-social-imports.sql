-- Audio or footage imported from social and video-sharing links (10 per account per day).
CREATE TABLE social_imports (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id  TEXT NOT NULL REFERENCES accounts(id),
  video_id    TEXT NOT NULL,
  url         TEXT NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX social_imports_account_day ON social_imports(account_id, created_at);

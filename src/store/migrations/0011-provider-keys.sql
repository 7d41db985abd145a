-- An account's own provider keys (one per hosted language-model provider), sealed with the node
-- secret like webhook signing secrets; `hint` is the last 4 characters, the only part shown again.
CREATE TABLE account_provider_keys (
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  sealed_key TEXT NOT NULL,
  hint TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (account_id, provider)
);

-- A job's charge by part, as a JSON array of { part, credits, covered_by? } (covered parts at 0).
-- Entries other than job charges, and older ones, have none.
ALTER TABLE ledger_entries ADD COLUMN parts TEXT;

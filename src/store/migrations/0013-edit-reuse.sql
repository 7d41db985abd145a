-- An edit's scene carried over unchanged from its source: the source scene's id. Its code,
-- narration and rendered segment are reused, and the edit is not charged for it.
ALTER TABLE scenes ADD COLUMN reused_from TEXT;

-- What a job's client should know about how it was made, as a JSON array of { code, message }
-- (e.g. no_language_model: the video uses only the prompt's own words). Older jobs have none.
ALTER TABLE videos ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]';

-- Where a job's render stands: frames of the timeline done (rendered or reused) of all its frames.
ALTER TABLE videos ADD COLUMN frames_done INTEGER NOT NULL DEFAULT 0;
ALTER TABLE videos ADD COLUMN frames_total INTEGER NOT NULL DEFAULT 0;

-- How each committed scene was written: drafts asked for and passed, the draft kept, repair rounds,
-- the score that chose it and the visual critique's outcome (JSON; see SceneAuthoring).
ALTER TABLE scenes ADD COLUMN authoring TEXT;

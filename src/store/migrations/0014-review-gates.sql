-- A storyboard build's review gates (JSON ReviewState): the gate and round it is at, whether it is
-- paused, redoing a board or approved, the cast, and the stills of the current board.
ALTER TABLE videos ADD COLUMN review TEXT;

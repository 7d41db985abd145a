-- Narration per scene: the script, its speech clip and timing, and the job's soundtrack.
ALTER TABLE scenes ADD COLUMN narration TEXT;
ALTER TABLE scenes ADD COLUMN narration_audio TEXT;     -- WAV, relative to files/
ALTER TABLE scenes ADD COLUMN narration_seconds REAL;
ALTER TABLE scenes ADD COLUMN narration_words TEXT;     -- JSON [{start, index, length}]
ALTER TABLE videos ADD COLUMN soundtrack_path TEXT;     -- AAC (m4a), relative to files/; the mix, once made

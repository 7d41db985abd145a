-- The layout audit of a scene's test render (JSON: text boxes, contrast, fonts used), kept with the scene.
ALTER TABLE scenes ADD COLUMN audit TEXT;

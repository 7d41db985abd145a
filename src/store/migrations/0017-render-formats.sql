-- A render has a file format and a background (issue 30): MP4, WebM, MOV or GIF, opaque or
-- transparent (an alpha channel, WebM and MOV only). Renders made before were opaque MP4s.
ALTER TABLE video_renders ADD COLUMN format TEXT NOT NULL DEFAULT 'mp4';          -- mp4, webm, gif, mov
ALTER TABLE video_renders ADD COLUMN background TEXT NOT NULL DEFAULT 'opaque';   -- opaque, transparent
ALTER TABLE infographic_renders ADD COLUMN format TEXT NOT NULL DEFAULT 'mp4';
ALTER TABLE infographic_renders ADD COLUMN background TEXT NOT NULL DEFAULT 'opaque';

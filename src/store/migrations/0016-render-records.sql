-- A render is its own record: the job keeps its own size, frame rate and MP4 (the original), and
-- every render of it, the original included, is a row of video_renders.
ALTER TABLE video_renders ADD COLUMN original INTEGER NOT NULL DEFAULT 0; -- 1: the render at the job's own size and rate whose MP4 is the job's download

-- Before this, a finished re-render moved the job's size, rate and MP4 to its own. Give those jobs
-- back what they were made at (the resolved create options hold it) and their own MP4: the one the
-- job rendered itself (render = 1), else the first re-render made at the job's own size and rate.
UPDATE videos
SET width  = COALESCE(json_extract(options, '$.width'), width),
    height = COALESCE(json_extract(options, '$.height'), height),
    fps    = COALESCE(json_extract(options, '$.fps'), fps)
WHERE output_path IN (SELECT r.output_path FROM video_renders r WHERE r.video_id = videos.id AND r.status = 'completed');

UPDATE videos
SET output_path = CASE
  WHEN render = 1 THEN 'videos/' || id || '/' || id || '.mp4'
  ELSE (
    SELECT r.output_path FROM video_renders r
    WHERE r.video_id = videos.id AND r.status = 'completed' AND r.width = videos.width AND r.height = videos.height AND r.fps = videos.fps
    ORDER BY r.created_at, r.id LIMIT 1
  )
END
WHERE output_path IN (SELECT r.output_path FROM video_renders r WHERE r.video_id = videos.id AND r.status = 'completed');

UPDATE video_renders
SET original = 1
WHERE status = 'completed' AND output_path = (SELECT v.output_path FROM videos v WHERE v.id = video_renders.video_id);

-- The job's own render becomes a record too.
INSERT INTO video_renders (id, video_id, status, width, height, fps, renders_used, output_path, error_message, created_at, finished_at, original)
SELECT 'rnd_' || lower(hex(randomblob(10))), v.id, 'completed', v.width, v.height, v.fps,
       CASE WHEN max(v.width, v.height) >= 3840 THEN 2 ELSE 1 END,
       v.output_path, NULL, COALESCE(v.finished_at, v.updated_at), COALESCE(v.finished_at, v.updated_at), 1
FROM videos v
WHERE v.output_path IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM video_renders r WHERE r.video_id = v.id AND r.original = 1);

CREATE INDEX video_renders_video_created ON video_renders(video_id, created_at, id);

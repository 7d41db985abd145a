import { useCallback, useEffect, useRef, useState } from 'react';
import type { Video } from '../../api/types.js';
import { isFinished } from '../../format/format.js';
import { useApi } from '../../session/session-context.js';

/**
 * The video, polled at the `poll_after_seconds` each answer gives until it is finished (a failed
 * poll is tried again at the same pace); `replace` shows an answer that came another way (cancel,
 * approve, render) and restarts the polling from it.
 */
export function useVideoPoll(id: string): { video: Video | undefined; error: unknown; replace: (video: Video) => void } {
  const api = useApi();
  const [video, setVideo] = useState<Video | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [generation, setGeneration] = useState(0);
  const delay = useRef(2);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = true;
    const poll = () => {
      api.get<Video>(`../v1/videos/${encodeURIComponent(id)}`).then(
        (answer) => {
          if (!current) return;
          setVideo(answer);
          setError(undefined);
          delay.current = Math.max(1, answer.poll_after_seconds);
          if (!isFinished(answer.status) || (answer.renders ?? []).some((render) => render.status === 'queued' || render.status === 'rendering')) {
            timer = setTimeout(poll, delay.current * 1000);
          }
        },
        (failure: unknown) => {
          if (!current) return;
          setError(failure);
          timer = setTimeout(poll, delay.current * 1000);
        },
      );
    };
    poll();
    return () => {
      current = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [api, id, generation]);
  const replace = useCallback((answer: Video) => {
    setVideo(answer);
    setGeneration((n) => n + 1);
  }, []);
  return { video, error, replace };
}

/** The current time, ticking every second, for ages shown live. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

// The time a paged body's pages take in a scene (see paging.tsx): pure arithmetic, unit tested.

/** The shortest a page holds once its items have entered, in seconds: below it a scene keeps one page. */
export const MIN_PAGE_HOLD_SECONDS = 2;

/** The frames a page takes to leave before the next one enters. */
export const PAGE_LEAVE_FRAMES = 8;

/** One page's time in the scene: from its first frame, for `durationInFrames`. */
export interface PageWindow {
  from: number;
  durationInFrames: number;
}

/** A page's items: `[start, end)` of the body's list. */
export type PageRange = readonly [number, number];

/** Splits `n` items into `pages` runs as even as they come, the earlier ones longer: 7 in 2 → 4 + 3. */
export function pageRanges(n: number, pages: number): PageRange[] {
  const count = Math.max(1, Math.min(pages, n));
  const ranges: PageRange[] = [];
  let start = 0;
  for (let page = 0; page < count; page += 1) {
    const size = Math.ceil((n - start) / (count - page));
    ranges.push([start, start + size]);
    start += size;
  }
  return ranges;
}

/**
 * The windows of `pages` pages over a scene of `duration` frames: the first page takes
 * `firstSettle` frames to enter and each later one `laterSettle`, then each holds for the same
 * time until the scene's `exit` frames. Undefined when a page would hold under {@link MIN_PAGE_HOLD_SECONDS}:
 * the scene is too short to page.
 */
export function pageWindows(pages: number, { duration, fps, exit, firstSettle, laterSettle }: { duration: number; fps: number; exit: number; firstSettle: number; laterSettle: number }): PageWindow[] | undefined {
  const usable = duration - exit;
  const hold = Math.floor((usable - firstSettle - (pages - 1) * (laterSettle + PAGE_LEAVE_FRAMES)) / pages);
  if (pages < 1 || hold < MIN_PAGE_HOLD_SECONDS * fps) return undefined;
  const windows: PageWindow[] = [];
  let from = 0;
  for (let page = 0; page < pages; page += 1) {
    const length = page === pages - 1 ? duration - from : (page === 0 ? firstSettle : laterSettle) + hold + PAGE_LEAVE_FRAMES;
    windows.push({ from, durationInFrames: length });
    from += length;
  }
  return windows;
}

import React from 'react';
import { interpolate, Sequence, useCurrentFrame, useVideoConfig } from 'remotion';
import type { Theme } from '../scene-props';
import { sceneExitFrames } from './motion';
import { PAGE_LEAVE_FRAMES, pageWindows, type PageRange, type PageWindow } from './page-windows';

export { pageRanges, type PageRange, type PageWindow } from './page-windows';

// A body with more items than its box holds at the text floor (twelve bars on a square, six
// timeline events on a 4:5) shows them in pages, one after another, rather than shrinking its
// type below what reads: each page holds for the same time, the first after the body's entrance,
// the next after a quicker one, and a page leaves by fading up before the next enters.

/**
 * The fewest pages, from one up to `maxPages`, whose items all keep their text at the floor
 * (`fits(itemsPerPage)`) and that the scene holds long enough: 1 when one page fits, or when no
 * paging does (the body then sets its items as small as they must be on one page).
 */
export function usePageCount(n: number, fits: (perPage: number) => boolean, settle: { first: number; later: number }, maxPages = 3): { pages: number; windows?: PageWindow[] } {
  const { durationInFrames: duration, fps } = useVideoConfig();
  if (fits(n)) return { pages: 1 };
  for (let pages = 2; pages <= Math.min(maxPages, n); pages += 1) {
    if (!fits(Math.ceil(n / pages))) continue;
    const windows = pageWindows(pages, { duration, fps, exit: sceneExitFrames(duration, fps), firstSettle: settle.first, laterSettle: settle.later });
    if (windows) return { pages, windows };
  }
  return { pages: 1 };
}

/** The theme a later page enters with: the pack's entrance, quicker, its items a couple of frames apart. */
export function laterPageTheme(theme: Theme): Theme {
  return { ...theme, motion: { ...theme.motion, durationFrames: Math.min(theme.motion.durationFrames, 14), staggerFrames: Math.min(theme.motion.staggerFrames, 2) } };
}

/** Content that leaves over the last frames of its sequence, fading as it rises (unless `last`: it then leaves with the scene). */
export const LeavesAtEnd: React.FC<{ last?: boolean; rise: number; children: React.ReactNode }> = ({ last = false, rise, children }) => {
  const frame = useCurrentFrame();
  const { durationInFrames } = useVideoConfig();
  const gone = last ? 0 : interpolate(frame, [durationInFrames - PAGE_LEAVE_FRAMES, durationInFrames], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  return <div data-kit-part="page" style={{ position: 'absolute', inset: 0, opacity: 1 - gone, transform: gone > 0 ? `translateY(${-gone * rise}px)` : undefined }}>{children}</div>;
};

/**
 * Shows page after page in their windows: each page is mounted only in its own window and its
 * frames count from the window's start, so its items' entrances play again for it.
 */
export const Paged: React.FC<{ windows: PageWindow[]; rise: number; children: (page: number) => React.ReactNode }> = ({ windows, rise, children }) => (
  <>
    {windows.map((window, page) => (
      <Sequence key={page} from={window.from} durationInFrames={window.durationInFrames} layout="none" name={`page ${page + 1}`}>
        <LeavesAtEnd last={page === windows.length - 1} rise={rise}>
          {children(page)}
        </LeavesAtEnd>
      </Sequence>
    ))}
  </>
);

/**
 * How lit each item is, 0..1, in a paged body whose picture shows every item (a ring of slices
 * beside a paged legend): items on the page in view are lit, fading over a page's leaving frames.
 * Every item is lit when the body does not page.
 */
export function usePageLight(windows: PageWindow[] | undefined, ranges: readonly PageRange[]): (item: number) => number {
  const frame = useCurrentFrame();
  if (!windows) return () => 1;
  return (item) => {
    const page = ranges.findIndex(([start, end]) => item >= start && item < end);
    const window = windows[page];
    if (!window) return 0;
    const end = window.from + window.durationInFrames;
    const rise = page === 0 ? 0 : interpolate(frame, [window.from - PAGE_LEAVE_FRAMES, window.from], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
    const fall = page === windows.length - 1 ? 1 : interpolate(frame, [end - PAGE_LEAVE_FRAMES, end], [1, 0], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
    return page === 0 ? fall : Math.min(rise, fall);
  };
}

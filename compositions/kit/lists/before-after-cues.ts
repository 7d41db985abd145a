// Which words tie each side of a before/after to the narration. Pure: unit tested in
// test/render/kit/before-after-cues.test.ts.

/**
 * The words that tie each side to the narration: its label and points, the "after" side without
 * the words it shares with "before" (both sides' "cables" would bring "after" in with the first).
 */
export function sideCues(sides: { label: string; points?: string[] }[]): string[] {
  const words = (side: { label: string; points?: string[] }) => [side.label, ...(side.points ?? [])].join(' ').split(/\s+/).filter(Boolean);
  const before = new Set(words(sides[0]!).map((word) => word.toLowerCase()));
  return [words(sides[0]!).join(' '), words(sides[1]!).filter((word) => !before.has(word.toLowerCase())).join(' ')];
}

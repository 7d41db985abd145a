/**
 * A settings key path in words: "title" → "title", "items.1" → "item 2", "left.points.0" → "left
 * point 1". Free of imports, so the edit vocabulary's messages and the app's scene editor share it.
 */
export function textName(key: string): string {
  const words: string[] = [];
  for (const part of key.split('.')) {
    if (/^\d+$/.test(part)) {
      const noun = (words.pop() ?? 'item').replace(/ies$/, 'y').replace(/s$/, '');
      words.push(`${noun} ${Number(part) + 1}`);
    } else words.push(part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
  }
  return words.join(' ');
}

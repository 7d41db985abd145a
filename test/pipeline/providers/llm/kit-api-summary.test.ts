import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIT_API_SUMMARY, kitSummaryNames } from '../../../../src/pipeline/providers/llm/kit-api-summary.js';

const KIT = path.resolve(import.meta.dirname, '../../../../compositions/kit');

/** The value names a kit index exports, following `export * from` into sub-indexes. */
function kitExports(dir: string): Set<string> {
  const source = readFileSync(path.join(dir, 'index.ts'), 'utf8');
  const names = new Set<string>();
  for (const match of source.matchAll(/^export \{([^}]*)\} from/gm)) {
    for (const name of match[1]!.split(',')) if (name.trim()) names.add(name.trim().split(/\s+as\s+/).at(-1)!);
  }
  for (const match of source.matchAll(/^export \* from '\.\/([\w-]+)'/gm)) for (const name of kitExports(path.join(dir, match[1]!))) names.add(name);
  return names;
}

describe('the kit summary a scene-writing model is given', () => {
  it('names only what @kit exports', () => {
    const exported = kitExports(KIT);
    const named = kitSummaryNames();
    expect(named.length).toBeGreaterThan(25);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('documents every whole-scene component the kit templates use', () => {
    for (const name of ['TitleCard', 'KineticHeadline', 'BulletList', 'StepList', 'StatCounter', 'BarChart', 'LineChart', 'PieChart', 'DonutChart', 'Timeline', 'Comparison', 'Quote', 'IconGrid', 'Infographic', 'ImageFrame', 'ImageSplit', 'ImageGrid', 'LowerThird', 'LogoReveal', 'CallToAction', 'SceneFrame', 'useLayout', 'FittedText']) {
      expect(kitSummaryNames(), name).toContain(name);
    }
    expect(KIT_API_SUMMARY).not.toMatch(/\bundefined\b/);
  });

  it('catches a name the kit does not export', () => {
    expect(kitSummaryNames('- MagicChart({ theme })\n- Foo / Bar({ theme })').filter((name) => !kitExports(KIT).has(name))).toEqual(['MagicChart', 'Foo', 'Bar']);
  });
});

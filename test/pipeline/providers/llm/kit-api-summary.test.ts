import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIT_API_SUMMARY, kitIconNames, kitSummaryNames } from '../../../../src/pipeline/providers/llm/kit-api-summary.js';

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

describe('the kit summary\'s reference details', () => {
  it('lists every icon name the kit knows (ICON_NAMES), read from the kit', async () => {
    const { ICON_NAMES } = await import('../../../../compositions/kit/data/icons.js');
    expect(ICON_NAMES.length).toBeGreaterThan(20);
    expect(kitIconNames().sort()).toEqual([...ICON_NAMES].sort());
    const line = KIT_API_SUMMARY.split('\n').find((entry) => entry.startsWith('- ICON_NAMES'))!;
    for (const name of ICON_NAMES) expect(line.split(/[:,]\s*/), name).toContain(name);
  });

  it('says how FittedText aligns vertically, what entranceStyle returns and what form kitColors are in', () => {
    expect(KIT_API_SUMMARY).toMatch(/FittedText[^\n]*aligns only horizontally[^\n]*alignItems: 'center'/);
    expect(KIT_API_SUMMARY).toMatch(/entranceStyle\(theme, progress, distance\)[^\n]*style object[^\n]*opacity[^\n]*transform/);
    expect(KIT_API_SUMMARY).toMatch(/kitColors\(theme\)[^\n]*'#RRGGBB' hex/);
  });

  it('gives a scene writer the units of every timing, the shape of the margin, what part does, a way to read a fitted size, and the pictures’ colours', () => {
    expect(KIT_API_SUMMARY).toMatch(/Units: every `delay`, duration and frame number[^\n]*in frames[^\n]*`…Seconds` are seconds/);
    expect(KIT_API_SUMMARY).toMatch(/margin \(one number: the pixels kept clear on each of the four sides/);
    expect(KIT_API_SUMMARY).toMatch(/`part` only names the text for the layout audit[^\n]*changes nothing on screen/);
    expect(KIT_API_SUMMARY).toMatch(/- fitText\([^\n]*returns \{ fontSize, lines, height \}[^\n]*jittering/);
    expect(KIT_API_SUMMARY).toMatch(/Pictures come in two looks:[^\n]*full-colour flat illustrations[^\n]*`lucide:` are single-colour line icons/);
  });

  it('lets the writer write the short labels a plan implies, and keeps the planned pictures', async () => {
    const { readFileSync: read } = await import('node:fs');
    const source = read(path.resolve(import.meta.dirname, '../../../../src/pipeline/providers/llm/model-scene-writer.ts'), 'utf8');
    expect(source).toMatch(/Short labels the plan implies[^\n]*"Client" and "Server"/);
    expect(source).toMatch(/Keep the planned pictures[^\n]*never the same picture for two different things/);
  });
});

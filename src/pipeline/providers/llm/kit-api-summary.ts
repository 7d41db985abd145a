/**
 * What scene code may import from `@kit`, with the props a model needs, written for a model's
 * system prompt. Kept apart from the prompt so it can be checked against the kit: every name in a
 * `- Name` line must be exported by `compositions/kit/index.ts` (test/pipeline/providers/llm/kit-api-summary.test.ts).
 */
export const KIT_API_SUMMARY = `Every component takes \`theme\` (pass the scene's \`theme\` through) and adapts to the canvas. Components marked [scene] draw a whole scene (background, transitions, fitted text): return one of them alone, or compose your own layout inside SceneFrame.
Whole scenes [scene]:
- TitleCard({ theme, title: string, subtitle?: string, kicker?: string })
- KineticHeadline({ theme, text: string, emphasis?: string, kicker?: string })
- BulletList({ theme, heading: string, items: string[], numbered?: boolean, kicker?: string })
- StepList({ theme, heading: string, steps: string[], kicker?: string })
- StatCounter({ theme, value: number, prefix?: string, suffix?: string, decimals?: number, label: string, source?: string })
- BarChart / LineChart / PieChart / DonutChart({ theme, title: string, labels: string[], values: number[], unit?: string, valueLabel?: string, source?: string, kicker?: string })
- Timeline({ theme, title: string, events: { when: string, text: string }[], kicker?: string })
- Comparison({ theme, title: string, left: { title: string, points: string[] }, right: { title: string, points: string[] }, kicker?: string })
- Quote({ theme, quote: string, author?: string, role?: string })
- IconGrid({ theme, title: string, items: { icon: string, label: string }[], kicker?: string }) — icon: a name from ICON_NAMES or 'auto'
- Infographic({ theme, headline: string, subheadline?: string, kicker?: string, visual: 'bar'|'line'|'pie'|'donut'|'figures'|'points', items: { label: string, value: number, prefix?: string, suffix?: string, decimals?: number, icon?: string }[], unit?: string, valueLabel?: string, source?: string })
- ImageFrame({ theme, image: string (asset URL), mode?: 'ken-burns'|'contain', heading?: string, caption?: string })
- ImageSplit({ theme, image: string, heading: string, text?: string, side?: 'left'|'right', kicker?: string })
- ImageGrid({ theme, images: string[], heading?: string, captions?: string[] })
- FootageShot({ theme, description: string, image?: string, move?: 'push-in'|'pull-out'|'pan-left'|'pan-right'|'tilt-up'|'tilt-down'|'orbit', seed?: string, caption?: string, clip?: string, clipSeconds?: number }) — a moving film shot from a still: camera move, parallax, light and grain over the whole shot; without image it is drawn from the description; when the settings name a filmed clip, pass clip={assets[settings.clip]} clipSeconds={settings.clipSeconds} and the clip is the picture
- LowerThird({ theme, name: string, role?: string, title?: string, image?: string })
- LogoReveal({ theme, logo: string, name?: string, tagline?: string })
- CallToAction({ theme, message: string, action?: string, logo?: string })
Building blocks for your own layout:
- SceneFrame({ theme, seed?: string, children }) — the full-canvas frame with the pack's background and transitions; put everything inside it
- Background({ theme, seed?: string }) — the background alone
- useLayout() — returns { width, height, orientation: 'landscape'|'portrait'|'square', unit (1 at 1080 px on the shorter side), margin, contentWidth, contentHeight, columns: 1|2 }; size and place everything from it, never from fixed pixels
- Heading({ theme, text: string, kicker?: string, width: number, height: number, unit: number, maxLines?: number, maxFontSize?: number, align?: 'left'|'center', delay?: number })
- FittedText({ text: string, width: number, height: number, maxLines: number, maxFontSize: number, family: string, weight?: number, color: string, align?: 'left'|'center'|'right', lineHeight?: number, uppercase?: boolean, part?: string }) — text sized to fit its box; use it for every text
- kitColors(theme) — returns { background, surface, text, muted, primary, secondary, accent, onPrimary, onSurface, primaryText, accentText }, each text color readable on what it sits on
- useEntrance(theme, delay?: number) — entrance progress 0..1 in the pack's motion; entranceStyle(theme, progress, distance) — its CSS
- formatNumber(value: number, decimals?: number) — a number with thousands separators
- ICON_NAMES — the icon names IconGrid and Infographic know
Fonts: theme.fonts.heading and theme.fonts.body.`;

/** The names the summary documents (every `- Name` line, and each name of a `A / B` line). */
export function kitSummaryNames(summary: string = KIT_API_SUMMARY): string[] {
  const names: string[] = [];
  for (const line of summary.split('\n')) {
    const match = /^- ([A-Za-z][\w /]*?)(?:\(|\s—|$)/.exec(line);
    if (match) names.push(...match[1]!.split('/').map((name) => name.trim()).filter(Boolean));
    for (const inline of line.matchAll(/[;—] (\w+)\(/g)) names.push(inline[1]!);
  }
  return [...new Set(names)];
}

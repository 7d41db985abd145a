import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../../package-root.js';

/**
 * The icon names the kit knows (its ICON_NAMES), read from the kit's icon table: the server does not
 * load the kit (it is bundled for the browser), and a copy typed here would drift from it.
 */
export function kitIconNames(source: string = readFileSync(path.join(PACKAGE_ROOT, 'compositions/kit/data/icons.ts'), 'utf8')): string[] {
  return [...new Set([...source.matchAll(/\{ name: '([a-z0-9-]+)', icon: /g)].map((match) => match[1]!))];
}

/**
 * What scene code may import from `@kit`, with the props a model needs, written for a model's
 * system prompt. Kept apart from the prompt so it can be checked against the kit: every name in a
 * `- Name` line must be exported by `compositions/kit/index.ts` (test/pipeline/providers/llm/kit-api-summary.test.ts).
 */
export const KIT_API_SUMMARY = `Every component takes \`theme\` (pass the scene's \`theme\` through) and adapts to the canvas. Components marked [scene] draw a whole scene (background, transitions, fitted text): return one of them alone, or compose your own layout inside SceneFrame.
Units: every \`delay\`, duration and frame number (a prop, useEntrance's delay, a camera shot's frame) is in frames at the video's rate (\`useVideoConfig().fps\`, usually 30); only props named \`…Seconds\` are seconds. Positions and sizes are pixels of the canvas.
Pictures come in two looks: ids without a prefix or with \`fluent-emoji-flat:\` are full-colour flat illustrations (saturated fills with their own dark outlines, on a transparent ground) that read on light and dark fields alike, best on the pack's background or a light surface panel, not on a saturated field of their own main hue; ids starting \`lucide:\` are single-colour line icons, drawn dark, for light fields.
Whole scenes [scene]:
Pictures (\`picture\` props): an illustration's URL, \`assets[settings.picture]\` or \`assets['picture:<plain English words>']\`; every picture is optional.
- TitleCard({ theme, title: string, subtitle?: string, kicker?: string, picture?: string }) — with a picture, a large hero illustration beside or above the headline that floats
- KineticHeadline({ theme, text: string, emphasis?: string, kicker?: string, picture?: string })
- BulletList({ theme, heading: string, items: string[], numbered?: boolean, kicker?: string, picture?: string })
- StepList({ theme, heading: string, steps: string[], kicker?: string, picture?: string })
- Checklist({ theme, heading: string, items: string[], kicker?: string, picture?: string }) — 2 to 6 items ticked off one after another
- StatCounter({ theme, value: number, prefix?: string, suffix?: string, decimals?: number, label: string, source?: string, picture?: string })
- StatGrid({ theme, title?: string, kicker?: string, stats: { value: number, prefix?: string, suffix?: string, decimals?: number, label: string, picture?: string }[] }) — 2 to 4 figures counting up on colour tiles; give every figure a picture or none: a grid where only some have one shows no pictures; with none given, each label's line icon where every label suggests one
- Pictogram({ theme, title?: string, kicker?: string, count: number, total: number, label: string, picture?: string }) — count of total figures filled (3 in 10), with a share bar
- Ranking({ theme, title?: string, kicker?: string, items: { label: string, value?: number, picture?: string }[], unit?: string }) — 2 to 6 places, first place first
- FlowDiagram({ theme, title?: string, kicker?: string, nodes: { label: string, detail?: string, picture?: string }[], shape?: 'line'|'cycle'|'branch' }) — 2 to 6 pictured nodes joined by arrows that draw themselves: a process, a loop back to the start, or one node branching to the others
- HubSpoke({ theme, title?: string, kicker?: string, hub: { label: string, picture?: string }, spokes: { label: string, picture?: string }[] }) — one thing and 2 to 6 parts around it
- BeforeAfter({ theme, title?: string, kicker?: string, before: { label: string, points?: string[], picture?: string }, after: { label: string, points?: string[], picture?: string } }) — two states, a wipe reveals the after
- PlaceMap({ theme, title?: string, kicker?: string, regions?: string[], labels?: Record<string, string>, markers?: { label: string, lon: number, lat: number }[], route?: boolean }) — countries highlighted by ISO 3166 alpha-3 code (labels keyed by code), pins, a flown route through the pins in order; zooms to them
- DeviceMockup({ theme, image?: string, device?: 'phone'|'laptop'|'browser'|'auto', heading?: string, caption?: string, motion?: 'scroll'|'zoom'|'still', focus?: { x: number, y: number, width: number, height: number }, url?: string }) — a screenshot in a drawn device; scrolls a tall one, or pushes in to focus (shares of the image)
- BarChart / LineChart / PieChart / DonutChart({ theme, title: string, labels: string[], values: number[], unit?: string, valueLabel?: string, source?: string, kicker?: string }) — up to 12 values; bars or legend rows too many for the canvas show in pages, 2 s or more each, so a long list needs a long scene
- Timeline({ theme, title: string, events: { when: string, text: string }[], kicker?: string }) — up to 6 events; on squares and portrait canvases too many for one page show in pages
- Comparison({ theme, title: string, left: { title: string, points: string[], picture?: string }, right: { title: string, points: string[], picture?: string }, kicker?: string }) — two sides, each under its picture (else an icon from its title)
- Quote({ theme, quote: string, author?: string, role?: string })
- IconGrid({ theme, title: string, items: { icon: string, label: string }[], kicker?: string }) — icon: a name from ICON_NAMES or 'auto'
- Infographic({ theme, headline: string, subheadline?: string, kicker?: string, visual: 'bar'|'line'|'pie'|'donut'|'figures'|'points', items: { label: string, value: number, prefix?: string, suffix?: string, decimals?: number, icon?: string }[], unit?: string, valueLabel?: string, source?: string })
- ImageFrame({ theme, image: string (asset URL), mode?: 'ken-burns'|'contain', heading?: string, caption?: string })
- ImageSplit({ theme, image: string, heading: string, text?: string, side?: 'left'|'right', kicker?: string })
- ImageGrid({ theme, images: string[], heading?: string, captions?: string[] })
- FootageShot({ theme, description: string, image?: string, move?: 'push-in'|'pull-out'|'pan-left'|'pan-right'|'tilt-up'|'tilt-down'|'orbit', seed?: string, caption?: string, clip?: string, clipSeconds?: number, pictures?: string[] }) — a moving film shot from a still: camera move, parallax, light and grain over the whole shot; without image it is drawn: the pictures (illustration URLs, subject first) standing in a layered landscape, else an icon from the description; when the settings name a filmed clip, pass clip={assets[settings.clip]} clipSeconds={settings.clipSeconds} and the clip is the picture
- LowerThird({ theme, name: string, role?: string, title?: string, image?: string })
- LogoReveal({ theme, logo: string, name?: string, tagline?: string, style?: 'draw'|'mask'|'particles' }) — an animated logo sting
- CallToAction({ theme, message: string, action?: string, logo?: string, picture?: string })
Building blocks for your own layout:
- SceneFrame({ theme, seed?: string, children }) — the full-canvas frame with the pack's background, its entrance transition and an exit that fades the content to the bare background over the last third of a second; put everything inside it
- Background({ theme, seed?: string }) — the background alone
- useLayout() — returns { width, height, orientation: 'landscape'|'portrait'|'square', unit (1 at 1080 px on the shorter side), margin (one number: the pixels kept clear on each of the four sides, 8% of the shorter side), contentWidth (width − 2 × margin), contentHeight (height − 2 × margin), columns: 1|2 }; size and place everything from it, never from fixed pixels
- Heading({ theme, text: string, kicker?: string, width: number, height: number, unit: number, maxLines?: number, maxFontSize?: number, align?: 'left'|'center', delay?: number })
- FittedText({ text: string, width: number, height: number, maxLines: number, maxFontSize: number, family: string, weight?: number, color: string, align?: 'left'|'center'|'right', lineHeight?: number, uppercase?: boolean, part?: string }) — text sized to fit its box; use it for every text. It aligns only horizontally: its element is \`width\` wide and as tall as its fitted lines (often less than \`height\`), drawn from the top; to centre it vertically, wrap it in a box of the full height with display: 'flex', alignItems: 'center'. \`part\` only names the text for the layout audit (it reports each text by its part, e.g. 'headline'): it changes nothing on screen
- fitText({ text, width, height, maxLines, maxFontSize, family, weight, lineHeight }) — returns { fontSize, lines, height }: the size FittedText would choose, without drawing; to keep a counting number from jittering, fit its final (widest) value once and draw every frame at that size (FittedText with maxFontSize set to it)
- kitColors(theme) — returns { background, surface, text, muted, primary, secondary, accent, onPrimary, onSurface, primaryText, accentText }, CSS color strings, each text color readable on what it sits on; text, muted, onPrimary, onSurface, primaryText and accentText are '#RRGGBB' hex, the others are the pack's palette colors as the pack gives them (hex in the shipped packs); to tint, mix in CSS (color-mix(in srgb, …)) rather than appending alpha digits
- useEntrance(theme, delay?: number) — entrance progress 0..1 in the pack's motion; entranceStyle(theme, progress, distance) — its CSS: a React style object to spread into an element's style, by the pack's entrance: { opacity, transform: translateY } (slide-up, soft-slide, drift), { opacity, transform: translateX } (slide-in, wipe), { opacity, transform: scale } (scale-pop, bounce), { clipPath: inset } (mask-reveal), { opacity } otherwise; it sets transform, so do not set your own transform on the same element
- formatNumber(value: number, decimals?: number) — a number with thousands separators
- ICON_NAMES — the icon names IconGrid and Infographic know: ${kitIconNames().join(', ')}
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

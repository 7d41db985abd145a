// Renders kit components through the real scene path (scene code → esbuild → the `scene`
// composition) with the layout audit on, and collects each still's audit.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadStylePacks } from '../../../src/catalog/style-packs.js';
import { visualSvg } from '../../../src/catalog/visuals/index.js';
import { resolveTheme, type SceneTheme } from '../../../src/pipeline/theme/resolve-theme.js';
import { ensureBundle } from '../../../src/render/bundle/ensure-bundle.js';
import { RenderPool, type FrameAudit } from '../../../src/render/render-pool.js';
import { compileScene } from '../../../src/render/scene-code/compile-scene.js';
import { E2E_CACHE_DIR } from '../e2e-node.js';

/** One component shown in the gallery. */
export interface GalleryCase {
  name: string;
  /** TSX scene code rendering the component from `settings` and `assets`. */
  code: string;
  settings: Record<string, unknown>;
  assets?: Record<string, string>;
  /** A fixed pack; otherwise the gallery rotates through every pack. */
  pack?: string;
  /** Its place in the full gallery, which picks its packs: a narrowed run (GALLERY_ONLY) then renders each case as the full run does. */
  rotation?: number;
  theme?: Partial<SceneTheme>;
  /**
   * Sits aside by design (a lower third, captions): exempt from the rule that the content spans
   * the safe area around the canvas's centre.
   */
  sitsAside?: boolean;
  /**
   * Kinetic typography by design (a headline, a quote, a text-only variant): its words are the
   * visual, so instead of a picture covering a fifth of the canvas its content spans 70% of the width.
   */
  typography?: boolean;
  /** A logo or sting centred by design: span rule skipped, centring still applies. */
  centred?: boolean;
  /**
   * A body that pages: the scene's length (a paged chart needs the length its reading time gives
   * it in a video) and a frame in each page's hold, where that page is audited ({@link withPages}).
   */
  pages?: { durationInFrames: number; frames: number[] };
  /** Its own scene length and audited frame (set by {@link withPages}). */
  durationInFrames?: number;
  settledFrame?: number;
}

/** A canvas the gallery renders every case at. */
export interface GallerySize {
  label: string;
  width: number;
  height: number;
}

/** 16:9, 9:16, 1:1, 4:5 and two odd exact sizes. */
export const GALLERY_SIZES: GallerySize[] = [
  { label: '16x9', width: 1280, height: 720 },
  { label: '9x16', width: 720, height: 1280 },
  { label: '1x1', width: 1080, height: 1080 },
  { label: '4x5', width: 864, height: 1080 },
  { label: '1000x1000', width: 1000, height: 1000 },
  { label: '1500x500', width: 1500, height: 500 },
];

/** A rendered still and its audit. */
export interface GalleryShot {
  name: string;
  /** The case's design exemptions. */
  sitsAside: boolean;
  typography: boolean;
  centred: boolean;
  size: GallerySize;
  pack: string;
  file: string;
  audit: FrameAudit;
}

/** Where stills go: GALLERY_OUT, else a temporary folder. */
export const GALLERY_OUT = process.env.GALLERY_OUT ?? path.join(tmpdir(), 'service-kit-gallery');

const FPS = 30;
const DURATION = 150;
/** A settled frame: every entrance has finished and the exit has not begun. */
export const SETTLED_FRAME = 118;

/**
 * Renders every case at every size and returns the audited shots. Each size is one task in one
 * page: the `gallery` composition shows case i at frame i, frozen at the settled frame, so the
 * bundle and fonts load once per size instead of once per still. Two workers share the sizes.
 * Scenes last `durationInFrames` (150 unless given); stills go to `out` (GALLERY_OUT unless given).
 */
export async function renderGallery(
  cases: GalleryCase[],
  sizes: GallerySize[] = GALLERY_SIZES,
  frame = SETTLED_FRAME,
  { durationInFrames = DURATION, out = GALLERY_OUT }: { durationInFrames?: number; out?: string } = {},
): Promise<GalleryShot[]> {
  const serveUrl = await ensureBundle(E2E_CACHE_DIR);
  const packs = loadStylePacks().packs.map((pack) => pack.id);
  const pool = new RenderPool({ size: 2, frameConcurrency: 1 });
  mkdirSync(out, { recursive: true });
  const compiled = await Promise.all(cases.map((galleryCase) => compileScene(galleryCase.code)));
  const shots: GalleryShot[][] = [];
  try {
    await Promise.all(
      sizes.map(async (size, sizeIndex) => {
        const planned = cases.map((galleryCase, caseIndex) => {
          const pack = galleryCase.pack ?? packs[((galleryCase.rotation ?? caseIndex) + sizeIndex) % packs.length]!;
          const theme = { ...resolveTheme({ prompt: '', animationStyle: pack }), ...galleryCase.theme };
          return { galleryCase, pack, theme, file: path.join(out, `${galleryCase.name}-${size.label}-${pack}.jpeg`) };
        });
        const audits = new Map<number, FrameAudit>();
        const frames = planned.map((_, index) => index);
        await pool.run(
          {
            type: 'stills',
            composition: 'gallery',
            serveUrl,
            inputProps: {
              code: '',
              theme: planned[0]?.theme ?? {},
              settings: {},
              assets: {},
              width: size.width,
              height: size.height,
              fps: FPS,
              durationInFrames: Math.max(durationInFrames, cases.length, ...cases.map((entry) => entry.durationInFrames ?? 0)),
              audit: true,
              settledFrame: frame,
              scenes: planned.map(({ galleryCase, theme }, index) => ({ code: compiled[index]!.code, theme, settings: galleryCase.settings, assets: galleryCase.assets ?? {}, durationInFrames: galleryCase.durationInFrames ?? Math.max(durationInFrames, cases.length), settledFrame: galleryCase.settledFrame })),
            },
            frames,
            outputPaths: planned.map((entry) => entry.file),
            imageFormat: 'jpeg',
          },
          { onAudit: (audit) => audits.set(audit.frame, audit) },
        );
        shots[sizeIndex] = planned.map(({ galleryCase, pack, file }, index) => {
          const audit = audits.get(index);
          if (!audit) throw new Error(`${galleryCase.name} at ${size.label}: the page logged no layout audit`);
          return { name: galleryCase.name, sitsAside: galleryCase.sitsAside === true, typography: galleryCase.typography === true, centred: galleryCase.centred === true, size, pack, file, audit };
        });
      }),
    );
  } finally {
    await pool.close();
  }
  return shots.flat();
}

/**
 * A scene rendering `<Name theme={theme} {...settings} />`; the named props hold asset names that
 * are resolved from `assets` (`images[]` for a list).
 */
export function sceneFor(component: string, assetProps: string[] = []): string {
  const assetPart = assetProps
    .map((prop) =>
      prop.endsWith('[]')
        ? ` ${prop.slice(0, -2)}={(settings.${prop.slice(0, -2)} ?? []).map((name) => assets[name] ?? name)}`
        : ` ${prop}={assets[settings.${prop}] ?? settings.${prop}}`,
    )
    .join('');
  return `import React from 'react';
import { ${component} } from '@kit';

export default function Scene({ theme, settings, assets }) {
  return <${component} theme={theme} {...settings}${assetPart} />;
}
`;
}

/** A library picture as the node sends it to a render: an SVG data URL. */
export function libraryPicture(id: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(visualSvg(id)!).toString('base64')}`;
}

/**
 * The cases to render for a list: each at its place (its `rotation`, which picks its packs), a
 * paged case under its own name at its last page's frame; then each earlier page of a paged case,
 * as `<name>-page-<n>` with its case's packs, after all of them (so no other case's packs move).
 */
export function withPages(cases: GalleryCase[]): GalleryCase[] {
  const listed = cases.map((entry, rotation) => ({ ...entry, rotation: entry.rotation ?? rotation }));
  const atPage = (entry: GalleryCase, page: number, name: string): GalleryCase => ({ ...entry, name, durationInFrames: entry.pages!.durationInFrames, settledFrame: entry.pages!.frames[page] });
  return [
    ...listed.map((entry) => (entry.pages ? atPage(entry, entry.pages.frames.length - 1, entry.name) : entry)),
    ...listed.flatMap((entry) => (entry.pages ? entry.pages.frames.slice(0, -1).map((_, page) => atPage(entry, page, `${entry.name}-page-${page + 1}`)) : [])),
  ];
}

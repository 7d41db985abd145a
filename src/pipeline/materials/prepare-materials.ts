import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { SourceDocument } from '../../documents/read-document.js';
import { imageRole, type ImageRole } from './image-roles.js';
import { codePictureUrls, scenePictureUrls } from './scene-pictures.js';

/** An attached image made ready for scenes: resized, its role read from its context. */
export interface PreparedImage {
  /** The asset name scenes refer to it by (`image-0`, ...). */
  name: string;
  field: string;
  role: ImageRole;
  context?: string;
  width: number;
  height: number;
}

/** What a job's planner works from besides the prompt. */
export interface JobMaterials {
  images: PreparedImage[];
  /** Asset name of the brand logo (a brand kit's logo, else an image whose role is logo). */
  logo?: string;
  documents: SourceDocument[];
  /** Asset files by name, relative to files/. */
  assets: Record<string, string>;
}

/** The documents a job's create request read, as JSON in its inputs folder. */
export const DOCUMENTS_FILE = 'documents.json';

/** The longest side a prepared image keeps: enough for a 4K frame's full bleed with a Ken Burns zoom. */
const MAX_SIDE = 2560;
/** SVGs up to this size stay vectors; bigger ones are rasterized. */
const MAX_SVG_BYTES = 512 * 1024;

/**
 * Prepares a job's images (decoded, rotated upright, shrunk to at most {@link MAX_SIDE} on the long
 * side in their own ratio, written as WebP; small SVGs are kept as vectors) and gathers its
 * documents and brand logo. Files go to `assetsRelative` (under files/, such as `videos/<id>/assets`).
 */
export async function prepareMaterials(
  filesDir: string,
  assetsRelative: string,
  input: {
    images: { field: string; path: string; context?: string }[];
    documents: SourceDocument[];
    brandLogoPath?: string;
    /** The request is about a logo: its first transparent image without a context is that logo. */
    logoWanted?: boolean;
  },
): Promise<JobMaterials> {
  mkdirSync(path.join(filesDir, assetsRelative), { recursive: true });
  const assets: Record<string, string> = {};
  const images: PreparedImage[] = [];

  const prepare = async (source: string, name: string) => {
    const absolute = path.join(filesDir, source);
    const meta = await sharp(absolute).metadata();
    const oriented = meta.orientation !== undefined && meta.orientation >= 5;
    const width = (oriented ? meta.height : meta.width) ?? 1;
    const height = (oriented ? meta.width : meta.height) ?? 1;
    let relative: string;
    if (meta.format === 'svg' && statSync(absolute).size <= MAX_SVG_BYTES) {
      relative = path.posix.join(assetsRelative, `${name}.svg`);
      writeFileSync(path.join(filesDir, relative), readFileSync(absolute));
    } else {
      relative = path.posix.join(assetsRelative, `${name}.webp`);
      await sharp(absolute, { density: meta.format === 'svg' ? 144 : undefined })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: meta.format !== 'svg' })
        .webp({ quality: 88, alphaQuality: 100 })
        .toFile(path.join(filesDir, relative));
    }
    assets[name] = relative;
    return { width, height, hasAlpha: meta.hasAlpha ?? false, format: meta.format ?? '' };
  };

  let heroTaken = false;
  for (const [index, image] of input.images.entries()) {
    const name = `image-${index}`;
    const shape = await prepare(image.path, name);
    const role = imageRole(image.context, shape, heroTaken, input.logoWanted === true && !images.some((prepared) => prepared.role === 'logo'));
    if (role === 'hero') heroTaken = true;
    images.push({ name, field: image.field, role, ...(image.context ? { context: image.context } : {}), width: shape.width, height: shape.height });
  }
  let logo: string | undefined;
  if (input.brandLogoPath) {
    await prepare(input.brandLogoPath, 'logo');
    logo = 'logo';
  } else {
    logo = images.find((image) => image.role === 'logo')?.name;
  }
  return { images, ...(logo ? { logo } : {}), documents: input.documents, assets };
}

const MIME_BY_EXTENSION: Record<string, string> = { '.webp': 'image/webp', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.mp4': 'video/mp4' };

/** Asset names a scene's settings refer to: any string value (at any depth) that names an asset. */
export function referencedAssets(settings: unknown, assets: Record<string, string>, out = new Set<string>()): Set<string> {
  if (typeof settings === 'string') {
    if (Object.hasOwn(assets, settings)) out.add(settings);
  } else if (Array.isArray(settings)) {
    for (const item of settings) referencedAssets(item, assets, out);
  } else if (settings && typeof settings === 'object') {
    for (const item of Object.values(settings)) referencedAssets(item, assets, out);
  }
  return out;
}

/** The colour a theme draws text in, which line icons take. */
function lineColorOf(theme: unknown): string | undefined {
  const text = (theme as { palette?: { text?: unknown } } | undefined)?.palette?.text;
  return typeof text === 'string' && /^#[0-9a-f]{3,8}$|^rgba?\(/i.test(text) ? text : undefined;
}

/**
 * The assets a scene uses as data URLs, so the page has them without a file server and the
 * segment's cache key covers their bytes.
 */
export function sceneAssetUrls(filesDir: string, assets: Record<string, string>, settings: unknown, code = '', theme?: unknown): Record<string, string> {
  // Pictures from the visual library come along by their ids, drawn from the installed sets (line
  // icons in the theme's text colour), and those the scene's code names by words (`assets['picture:…']`).
  const lineColor = lineColorOf(theme);
  const urls: Record<string, string> = { ...codePictureUrls(code, 'en', lineColor), ...scenePictureUrls(settings, {}, lineColor) };
  for (const name of referencedAssets(settings, assets)) {
    const file = path.join(filesDir, assets[name]!);
    const mime = MIME_BY_EXTENSION[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    urls[name] = `data:${mime};base64,${readFileSync(file).toString('base64')}`;
  }
  return urls;
}

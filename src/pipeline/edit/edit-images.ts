import path from 'node:path';
import { fetchAttachments } from '../../attachments/fetch-attachment.js';
import { invalidRequest } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { prepareMaterials } from '../materials/prepare-materials.js';
import type { StoredPlan } from '../stages/stored-plan.js';
import type { AttachedEditImage } from './edit-source.js';
import { imagePalette, type ImagePalette } from './image-palette.js';

/** Images one edit may send (the spec's edit body). */
export const MAX_EDIT_IMAGES = 20;

/** The plan asset name of the edit request's `images[index]`: never one a created job uses (`image-N`, `logo`, `footage-N`, `link-clip-N`). */
export const editImageAsset = (index: number) => `edit-image-${index}`;

/** The images of an edit request, as the grammar and the operations name them (before anything is fetched). */
export function attachedEditImages(images: readonly { url: string; context?: string; role?: AttachedEditImage['role'] }[] | undefined): AttachedEditImage[] {
  if (!images) return [];
  if (images.length > MAX_EDIT_IMAGES) throw invalidRequest(`images: at most ${MAX_EDIT_IMAGES} images; this edit has ${images.length}`);
  return images.map((image, index) => ({ index, name: editImageAsset(index), role: image.role ?? 'import', ...(image.context?.trim() ? { context: image.context.trim() } : {}) }));
}

/** An edit's images fetched and prepared into the edit job: asset files, and the palette of each `style` image. */
export interface PreparedEditImages {
  attached: AttachedEditImage[];
  /** Asset files by name, relative to files/. */
  assets: Record<string, string>;
  /** By index in `images[]`: the colours of each `style` image. */
  palettes: Map<number, ImagePalette>;
}

/**
 * Fetches an edit's images into the new job by create's rules (SSRF-safe, 25 MB, PNG/JPEG/WebP/SVG
 * told and decoded by their bytes; at most 4 at once) and prepares them as create does (upright, at most 2560 px,
 * WebP; small SVGs kept), as plan assets named `edit-image-<i>`. A `style` image's palette is read.
 * Any failure is a 400 naming `images[i]`; the caller removes the job's directory.
 */
export async function prepareEditImages(
  ctx: NodeContext,
  videoId: string,
  images: readonly { url: string; context?: string; role?: AttachedEditImage['role'] }[],
  signal?: AbortSignal,
): Promise<PreparedEditImages> {
  const attached = attachedEditImages(images);
  if (attached.length === 0) return { attached, assets: {}, palettes: new Map() };
  const inputs = path.posix.join('videos', videoId, 'inputs');
  const fetched = await fetchAttachments(
    images.map((image, index) => ({ url: image.url, kind: 'image' as const, field: `images[${index}]` })),
    { allowPrivateUrls: ctx.config.allowPrivateUrls, destDir: path.join(ctx.filesDir, inputs), ...(signal ? { signal } : {}) },
  );
  const materials = await prepareMaterials(ctx.filesDir, path.posix.join('videos', videoId, 'assets'), {
    images: fetched.map((file, index) => ({ field: file.field, path: path.posix.join(inputs, path.basename(file.path)), ...(attached[index]!.context ? { context: attached[index]!.context } : {}) })),
    documents: [],
  });
  const assets: Record<string, string> = {};
  for (const image of attached) assets[image.name] = materials.assets[`image-${image.index}`]!;
  const palettes = new Map<number, ImagePalette>();
  for (const image of attached.filter((item) => item.role === 'style')) {
    try {
      palettes.set(image.index, await imagePalette(path.join(ctx.filesDir, assets[image.name]!)));
    } catch (error) {
      throw invalidRequest(`images[${image.index}]: no colours could be read from it (it is fully transparent)`, error);
    }
  }
  return { attached, assets, palettes };
}

/** The edited plan with the edit's images as assets. */
export function planWithImages(plan: StoredPlan, prepared: Pick<PreparedEditImages, 'assets'>): StoredPlan {
  return Object.keys(prepared.assets).length > 0 ? { ...plan, assets: { ...plan.assets, ...prepared.assets } } : plan;
}

import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { requireAccount } from '../accounts/accounts.js';
import { canonicalFontFamily, unknownFontProblem } from './fonts.js';
import { invalidRequest, notFound } from '../errors/service-error.js';
import type { NodeContext } from '../node-context.js';
import { saveJobFiles } from '../storage/job-files.js';
import type { BrandKitRow } from '../store/brand-kits-store.js';
import { newId, nowIso } from '../store/ids.js';

/** A `GET /v1/brand-kits` item, exactly the spec's fields. */
export interface BrandKitItem {
  id: string;
  name: string;
  description: string;
  website_url: string;
  colors: { primary: string; secondary: string; accent: string };
  fonts: { heading: string; body: string };
  has_logo: boolean;
}

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex color such as #1A2B3C');
const fontName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((name) => canonicalFontFamily(name) !== undefined, { error: (issue) => unknownFontProblem(String(issue.input)) ?? 'unknown font' })
  .transform((name) => canonicalFontFamily(name)!);

/** What `brand-kits create` takes. */
export const createBrandKitInput = z.strictObject({
  accountId: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  websiteUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
  primary: hexColor,
  secondary: hexColor,
  accent: hexColor,
  headingFont: fontName,
  bodyFont: fontName,
  /** Path of a PNG, JPEG, WebP or SVG logo on this machine. */
  logoFile: z.string().optional(),
});

/** Logo formats accepted, by what sharp decodes them as. */
const LOGO_FORMATS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg' };

function toItem(row: BrandKitRow): BrandKitItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    website_url: row.website_url,
    colors: JSON.parse(row.colors) as BrandKitItem['colors'],
    fonts: JSON.parse(row.fonts) as BrandKitItem['fonts'],
    has_logo: row.logo_path !== null,
  };
}

/** Saves a brand kit, copying its logo into the data dir after checking that it decodes. */
export async function createBrandKit(ctx: NodeContext, raw: z.input<typeof createBrandKitInput>): Promise<BrandKitItem> {
  const parsed = createBrandKitInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidRequest(`${issue.path.join('.') || 'brand kit'}: ${issue.message}`);
  }
  const input = parsed.data;
  requireAccount(ctx, input.accountId);
  const id = newId('bk');
  let logoPath: string | null = null;
  if (input.logoFile !== undefined) {
    let format: string | undefined;
    try {
      format = (await sharp(input.logoFile).metadata()).format;
    } catch (cause) {
      throw invalidRequest(`logo ${input.logoFile} is not a readable image`, cause);
    }
    const extension = format === undefined ? undefined : LOGO_FORMATS[format];
    if (!extension) throw invalidRequest(`logo must be PNG, JPEG, WebP or SVG; ${input.logoFile} is ${format}`);
    logoPath = path.posix.join('brand-kits', id, `logo.${extension}`);
    mkdirSync(path.join(ctx.filesDir, 'brand-kits', id), { recursive: true });
    copyFileSync(input.logoFile, path.join(ctx.filesDir, logoPath));
  }
  const row: BrandKitRow = {
    id,
    account_id: input.accountId,
    name: input.name,
    description: input.description,
    website_url: input.websiteUrl,
    colors: JSON.stringify({ primary: input.primary.toUpperCase(), secondary: input.secondary.toUpperCase(), accent: input.accent.toUpperCase() }),
    fonts: JSON.stringify({ heading: input.headingFont, body: input.bodyFont }),
    logo_path: logoPath,
    created_at: nowIso(),
  };
  try {
    // With a bucket the logo goes there too: jobs planned on a node that lost its disk fetch it back.
    if (logoPath) await saveJobFiles(ctx, [logoPath]);
    ctx.brandKits.insert(row);
  } catch (error) {
    rmSync(path.join(ctx.filesDir, 'brand-kits', id), { recursive: true, force: true });
    throw error;
  }
  return toItem(row);
}

/** The body of `GET /v1/brand-kits` for an account. */
export function listBrandKits(ctx: NodeContext, accountId: string): { brand_kits: BrandKitItem[] } {
  return { brand_kits: ctx.brandKits.listForAccount(accountId).map(toItem) };
}

/** Deletes a brand kit and its files. */
export function deleteBrandKit(ctx: NodeContext, id: string): BrandKitItem {
  const row = ctx.brandKits.get(id);
  if (!row) throw notFound(`brand kit ${id}`);
  ctx.brandKits.delete(id);
  rmSync(path.join(ctx.filesDir, 'brand-kits', id), { recursive: true, force: true });
  return toItem(row);
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { summarizeAccount } from '../../accounts/accounts.js';
import type { Principal } from '../../accounts/api-keys.js';
import { toCredits, toMillicredits } from '../../accounts/credits.js';
import { fetchAttachments, type AttachmentRequest } from '../../attachments/fetch-attachment.js';
import { canonicalFontFamily, unknownFontProblem } from '../../catalog/fonts.js';
import { isKnownAnimationStyle, unknownStyleMessage } from '../../catalog/style-packs.js';
import { readDocuments } from '../../documents/read-document.js';
import { invalidRequest, ServiceError } from '../../errors/service-error.js';
import type { NodeContext } from '../../node-context.js';
import { RenderError, type RenderPool } from '../../render/render-pool.js';
import { SceneCodeError } from '../../render/scene-code/compile-scene.js';
import { auditFindings, testRenderScene, type TestedScene } from '../../render/scene-code/test-render-scene.js';
import { webhookUrlProblem } from '../../security/url-policy.js';
import { newId, nowIso } from '../../store/ids.js';
import type { InfographicVersionRow } from '../../store/infographics-store.js';
import { CREDIT_RATES } from '../create/estimate-credits.js';
import { rendersNeeded } from '../create/resolve-video-options.js';
import { findIdempotentAnswer, storeIdempotentAnswer, type StoredAnswer } from '../idempotency.js';
import { DOCUMENTS_FILE, prepareMaterials } from '../materials/prepare-materials.js';
import { planInfographicEmbedded } from '../providers/embedded/embedded-infographic.js';
import { EmbeddedSceneWriter } from '../providers/embedded/embedded-scene-writer.js';
import type { InfographicContent, SceneWriter } from '../providers/provider-types.js';
import { expandHex, resolveTheme } from '../theme/resolve-theme.js';
import { infographicSeconds } from './infographic-duration.js';
import { DEFAULT_INFOGRAPHIC_FPS, DEFAULT_INFOGRAPHIC_SIZE, type GenerateInfographicBody } from './infographic-schema.js';
import { infographicSettings } from './infographic-settings.js';
import { createInfographicRender, failVersion, type InfographicRenders } from './infographic-renders.js';
import { toVersionView, type InfographicVersionView } from './infographic-view.js';

/** The answer of a generate (DECISIONS.md "Infographic generate response"). */
export interface GeneratedInfographic {
  projectId: string;
  versionId: string;
  status: InfographicVersionView['status'];
  version: InfographicVersionView;
  renderId?: string;
}

/** What generating needs besides the request: the render pool for the test render, and the render queue for `render: true`. */
export interface GenerateServices {
  pool: RenderPool;
  cacheDir: string;
  renders?: InfographicRenders;
  writer?: SceneWriter;
}

/** Times the writer may try before the version fails. */
const WRITE_ATTEMPTS = 2;

/** Every rule of the request beyond its shape; throws `invalid_request` naming the field. */
function checkRequest(ctx: NodeContext, body: GenerateInfographicBody): void {
  if (body.animationStyle !== undefined && !isKnownAnimationStyle(body.animationStyle)) {
    throw invalidRequest(unknownStyleMessage('animationStyle', body.animationStyle));
  }
  for (const field of ['headingFont', 'bodyFont'] as const) {
    const value = body.brandSettings?.[field];
    const problem = value !== undefined ? unknownFontProblem(value) : undefined;
    if (problem) throw invalidRequest(`brandSettings.${field}: ${problem}`);
  }
  if (body.webhookUrl !== undefined) {
    const problem = webhookUrlProblem(body.webhookUrl, ctx.config.allowPrivateUrls);
    if (problem) throw invalidRequest(`webhookUrl: ${problem}`);
  }
  // Documents must be public HTTPS links (the spec); a loopback http link only where the node allows private addresses (tests).
  for (const [index, doc] of (body.documents ?? []).entries()) {
    const problem = webhookUrlProblem(doc.url, ctx.config.allowPrivateUrls);
    if (problem) throw invalidRequest(`documents[${index}].url: ${problem}`);
  }
}

/**
 * `POST /v1/infographics/generate` (and `service infographics generate`): checks the request, the
 * balance and (with `render`) the render quota, fetches the attachments, plans the infographic,
 * writes its scene code and test-renders it, all before answering. Bad input writes nothing. Once
 * the project is written the generate is charged; a version that then fails is refunded in the
 * same transaction that marks it failed.
 */
export async function generateInfographic(
  ctx: NodeContext,
  principal: { account: Principal['account']; key: Principal['key'] | null },
  body: GenerateInfographicBody,
  services: GenerateServices,
  options: { idempotencyKey?: string } = {},
): Promise<StoredAnswer & { body: GeneratedInfographic }> {
  ctx.disk.assertWritable(); // A full disk refuses new work (503 storage_full) before anything is written.
  const account = principal.account;
  const scope = options.idempotencyKey ? { accountId: account.id, route: 'POST /v1/infographics/generate', key: options.idempotencyKey } : undefined;
  if (scope) {
    const replay = findIdempotentAnswer(ctx, scope, body);
    if (replay) return replay as StoredAnswer & { body: GeneratedInfographic };
  }
  checkRequest(ctx, body);
  const size = body.dimensions ?? DEFAULT_INFOGRAPHIC_SIZE;
  const generateCost = toMillicredits(CREDIT_RATES.infographicGenerate);
  const renderCost = body.render ? toMillicredits(CREDIT_RATES.infographicRender) : 0;
  const summary = summarizeAccount(ctx, account.id);
  const needed = toCredits(generateCost + renderCost);
  if (summary.balance < needed) {
    throw new ServiceError('insufficient_credits', `generating an infographic${body.render ? ' and rendering it' : ''} costs ${needed} credits; the balance is ${summary.balance}`);
  }
  if (body.render && summary.renders_remaining < rendersNeeded(size.width, size.height)) {
    throw new ServiceError('insufficient_credits', `the render quota is spent: ${summary.renders_used} of ${summary.monthly_renders} renders used this month`);
  }

  const projectId = newId('ifg');
  const versionId = newId('ifv');
  const projectDir = path.posix.join('infographics', projectId);
  const inputsDir = path.join(ctx.filesDir, projectDir, 'inputs');
  const requests: AttachmentRequest[] = [
    ...(body.images ?? []).map((image, index) => ({ url: image.url, kind: 'image' as const, field: `images[${index}]` })),
    ...(body.documents ?? []).map((doc, index) => ({ url: doc.url, kind: 'document' as const, field: `documents[${index}]`, declaredMimeType: doc.mimeType })),
  ];
  let written = false;
  try {
    const attachments = requests.length > 0 ? await fetchAttachments(requests, { allowPrivateUrls: ctx.config.allowPrivateUrls, destDir: inputsDir }) : [];
    const documents = await readDocuments(
      attachments.flatMap((attachment) => {
        const index = /^documents\[(\d+)\]$/.exec(attachment.field)?.[1];
        if (index === undefined) return [];
        const fileName = body.documents?.[Number(index)]?.fileName;
        return [{ field: attachment.field, path: attachment.path, mimeType: attachment.mimeType, ...(fileName ? { fileName } : {}) }];
      }),
    );
    if (documents.length > 0) writeFileSync(path.join(inputsDir, DOCUMENTS_FILE), JSON.stringify(documents));
    const images = (body.images ?? []).flatMap((image, index) => {
      const file = attachments.find((attachment) => attachment.field === `images[${index}]`);
      return file ? [{ field: file.field, path: path.relative(ctx.filesDir, file.path), ...(image.context ? { context: image.context } : {}) }] : [];
    });
    const materials = await prepareMaterials(ctx.filesDir, path.posix.join(projectDir, 'assets'), { images, documents });

    const brand = body.brandSettings;
    const theme = resolveTheme({
      prompt: body.prompt,
      ...(body.animationStyle ? { animationStyle: body.animationStyle } : {}),
      ...(body.backgroundColor ? { backgroundColor: body.backgroundColor } : {}),
      brandColors: { primary: brand?.primaryColor, secondary: brand?.secondaryColor, accent: brand?.accentColor },
      brandFonts: { heading: brand?.headingFont && canonicalFontFamily(brand.headingFont), body: brand?.bodyFont && canonicalFontFamily(brand.bodyFont) },
      ...(brand?.visualStyle ? { visualStyle: brand.visualStyle } : {}),
      ...(brand?.brandName ? { brandName: brand.brandName } : {}),
      // A data infographic without a named style leans to the data pack, as a video with a CSV does.
      documentKinds: documents.map((doc) => doc.kind),
    });
    const content: InfographicContent = planInfographicEmbedded({ prompt: body.prompt, documents, ...(brand?.brandName ? { brandName: brand.brandName } : {}) });
    const { settings, schema } = infographicSettings(content, theme);
    const seconds = infographicSeconds(body.duration, settings);

    const now = nowIso();
    const version: InfographicVersionRow = {
      id: versionId,
      project_id: projectId,
      number: 1,
      status: 'generating',
      width: size.width,
      height: size.height,
      duration_seconds: seconds,
      content: JSON.stringify(content),
      theme: JSON.stringify(theme),
      assets: JSON.stringify(materials.assets),
      settings: JSON.stringify(settings),
      settings_schema: JSON.stringify(schema),
      source: null,
      compiled: null,
      writer: null,
      audit: null,
      charge_millicredits: generateCost,
      error_code: null,
      error_message: null,
      created_at: now,
      finished_at: null,
    };
    let replay: StoredAnswer | undefined;
    ctx.db.transaction(() => {
      replay = scope ? findIdempotentAnswer(ctx, scope, body) : undefined;
      if (replay) return;
      ctx.infographics.insertProject({
        id: projectId,
        account_id: account.id,
        api_key_id: principal.key?.id ?? null,
        prompt: body.prompt,
        options: JSON.stringify({
          dimensions: size,
          duration: seconds,
          // No duration asked: every render lasts as long as its own text takes to read, 15 s at least.
          ...(body.duration === undefined ? { durationFollowsText: true } : {}),
          ...(body.animationStyle ? { animationStyle: body.animationStyle } : {}),
          ...(body.backgroundColor ? { backgroundColor: expandHex(body.backgroundColor) } : {}),
          ...(brand ? { brandSettings: brand } : {}),
          attachments: attachments.map((a) => ({ field: a.field, mimeType: a.mimeType, bytes: a.bytes, sha256: a.sha256, path: path.relative(ctx.filesDir, a.path) })),
        }),
        webhook_url: body.webhookUrl ?? null,
        created_at: now,
      });
      ctx.infographics.insertVersion(version);
      ctx.ledger.append({ account_id: account.id, millicredits: -generateCost, kind: 'charge', reason: `infographic ${projectId} version 1`, reference: versionId, created_at: now });
    })();
    if (replay) {
      rmSync(path.join(ctx.filesDir, projectDir), { recursive: true, force: true });
      return replay as StoredAnswer & { body: GeneratedInfographic };
    }
    written = true;

    const tested = await writeAndTest(services, version, settings);
    let renderId: string | undefined;
    if ('error' in tested) {
      failVersion(ctx, versionId, tested.error);
    } else {
      ctx.db.transaction(() => {
        ctx.infographics.updateVersion(versionId, {
          status: 'ready',
          source: tested.source,
          compiled: tested.code,
          writer: tested.writer,
          audit: tested.audit ? JSON.stringify(tested.audit) : null,
          finished_at: nowIso(),
        });
        if (body.render) {
          renderId = createInfographicRender(ctx, {
            project: ctx.infographics.getProject(projectId)!,
            version: ctx.infographics.getVersion(versionId)!,
            apiKeyId: principal.key?.id ?? null,
            shape: { width: size.width, height: size.height, fps: DEFAULT_INFOGRAPHIC_FPS },
            settingsValues: {},
            settings,
            webhookUrl: body.webhookUrl ?? null,
          }).id;
        }
      })();
    }
    const stored = ctx.infographics.getVersion(versionId)!;
    const view = toVersionView(stored);
    const answer: StoredAnswer & { body: GeneratedInfographic } = {
      statusCode: 200,
      body: { projectId, versionId, status: view.status, version: view, ...(renderId ? { renderId } : {}) },
    };
    if (scope) ctx.db.transaction(() => storeIdempotentAnswer(ctx, scope, body, answer))();
    if (renderId) services.renders?.enqueue(renderId);
    return answer;
  } catch (error) {
    if (!written) rmSync(path.join(ctx.filesDir, projectDir), { recursive: true, force: true });
    else failVersion(ctx, versionId, { code: 'internal_error', message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** Writes the scene code and test-renders it; a failed attempt is retried once with its error. */
async function writeAndTest(
  services: GenerateServices,
  version: InfographicVersionRow,
  settings: Record<string, unknown>,
): Promise<(TestedScene & { source: string; writer: string }) | { error: { code: string; message: string } }> {
  const writer = services.writer ?? new EmbeddedSceneWriter();
  const dir = mkdtempSync(path.join(tmpdir(), `infographic-check-${version.id}-`));
  let previousError: string | undefined;
  try {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      try {
        const source = await writer.writeScene({
          scene: { role: 'body', kind: 'infographic', title: String(settings.headline ?? ''), durationSeconds: version.duration_seconds, settings, narration: '' },
          position: 0,
          sceneCount: 1,
          ...(previousError ? { previousError } : {}),
        });
        const tested = await testRenderScene(
          services.pool,
          services.cacheDir,
          source,
          {
            theme: JSON.parse(version.theme) as unknown,
            settings,
            assets: {},
            width: version.width,
            height: version.height,
            fps: DEFAULT_INFOGRAPHIC_FPS,
            durationInFrames: Math.max(1, Math.round(version.duration_seconds * DEFAULT_INFOGRAPHIC_FPS)),
          },
          dir,
          { name: version.id, urgent: true },
        );
        if (tested.audit && tested.audit.issues.length > 0 && attempt + 1 < WRITE_ATTEMPTS) {
          previousError = auditFindings(tested.audit);
          continue;
        }
        return { ...tested, source, writer: writer.name };
      } catch (error) {
        if (!(error instanceof SceneCodeError || error instanceof RenderError)) throw error;
        previousError = error.message;
      }
    }
    return { error: { code: 'generation_failed', message: `the infographic's scene did not render: ${previousError ?? 'unknown error'}` } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { findBrowser } from '../../src/render/browser/find-browser.js';
import { PACKAGE_ROOT } from '../../src/package-root.js';

/** Where the app tests keep their screenshots (gitignored; CI keeps the folder as an artifact). */
export const SCREENSHOTS_DIR = path.join(PACKAGE_ROOT, 'test-artifacts', 'app');

/** The widths every page is photographed at: a phone and a desktop. */
export const WIDTHS = [375, 1440] as const;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The Chromium the node renders with, driven by Playwright: nothing is downloaded. */
export async function launchAppBrowser(): Promise<Browser> {
  const found = findBrowser(process.env.SERVICE_BROWSER_EXECUTABLE);
  if (!found) throw new Error('no Chromium found for the app tests: run npm install (it brings one) or set SERVICE_BROWSER_EXECUTABLE');
  return chromium.launch({ executablePath: found.executable, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
}

/** A fresh context (its own cookies) at the desktop width. */
export async function newAppContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
}

/** An axe result's violation, as the tests report it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core in the page (through DevTools, so the page's Content-Security-Policy stays as it is)
 * and returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  })) as AxeViolation[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Photographs the page at each width (full page) as `<name>-<width>.png`; the viewport is put back after. */
export async function screenshots(page: Page, name: string): Promise<string[]> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const before = page.viewportSize() ?? { width: 1440, height: 900 };
  const files: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const file = path.join(SCREENSHOTS_DIR, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  await page.setViewportSize(before);
  return files;
}

import { describe, expect, it } from 'vitest';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildPdf, drawingContent, escapeEncryptKey, textContent, textPdf } from './pdf-fixtures.js';

async function open(pdf: Buffer) {
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS });
  const doc = await task.promise;
  const pages: string[][] = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    const content = await (await doc.getPage(number)).getTextContent();
    pages.push(content.items.flatMap((item) => ('str' in item && item.str ? [item.str] : [])));
  }
  const info = (await doc.getMetadata()).info as Record<string, unknown>;
  await task.destroy();
  return { pages, info };
}

describe('pdf fixtures', () => {
  it('writes a text PDF that pdfjs reads page by page, with its title', async () => {
    const { pages, info } = await open(textPdf([['First page', 'Costs (net) fell 4%.'], ['Second page']], { title: 'Fixture' }));
    expect(pages).toEqual([['First page', 'Costs (net) fell 4%.'], ['Second page']]);
    expect(info.Title).toBe('Fixture');
    expect(info.EncryptFilterName).toBeNull();
  });

  it('writes an encrypted PDF that pdfjs refuses for want of a password', async () => {
    await expect(open(buildPdf({ pages: [textContent(['Secret'])], encryption: 'needs-password' }))).rejects.toMatchObject({
      name: 'PasswordException',
    });
  });

  it('writes an empty-password encrypted PDF that pdfjs opens, decrypts and flags', async () => {
    const pdf = buildPdf({ pages: [textContent(['Decrypted text'])], encryption: 'empty-password' });
    for (const variant of [pdf, escapeEncryptKey(pdf)]) {
      const { pages, info } = await open(variant);
      expect(pages).toEqual([['Decrypted text']]);
      expect(info.EncryptFilterName).toBe('Standard');
    }
    expect(escapeEncryptKey(pdf).includes('/Encrypt')).toBe(false);
  });

  it('writes a drawing-only PDF that has no text items', async () => {
    const { pages } = await open(buildPdf({ pages: [drawingContent()] }));
    expect(pages).toEqual([[]]);
  });
});

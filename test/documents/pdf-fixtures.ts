import { createHash } from 'node:crypto';

/** How the fixture is protected. */
export type PdfEncryption =
  /** A Standard security handler whose /U matches no password we know: readers ask for one. */
  | 'needs-password'
  /** A real RC4 40-bit Standard handler with an empty user password: readers open it silently. */
  | 'empty-password';

/** What {@link buildPdf} writes. */
export interface PdfFixture {
  /** Page content streams, one a page (PDF operators, see {@link textContent}). */
  pages: string[];
  /** The document information dictionary's /Title. */
  title?: string;
  encryption?: PdfEncryption;
}

// The padding string of the Standard security handler (ISO 32000-1, 7.6.3.3, Algorithm 2).
const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const PERMISSIONS = -44;
const FILE_ID = Buffer.from('8c1f6d0a2b3e4f5061728394a5b6c7d8', 'hex');

function escapeString(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

/** A content stream that writes `lines` top-down in 12 pt Helvetica. */
export function textContent(lines: readonly string[]): string {
  const shown = lines.map((line, index) => `${index === 0 ? '' : 'T* '}(${escapeString(line)}) Tj`).join('\n');
  return `BT\n/F1 12 Tf\n16 TL\n72 720 Td\n${shown}\nET`;
}

/** A content stream that only fills a rectangle: a page with no text layer, like a scan. */
export function drawingContent(): string {
  return '0.2 0.4 0.8 rg\n100 400 300 200 re\nf';
}

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

function md5(...parts: Uint8Array[]): Buffer {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** The /O, /U and file key of a revision 2 handler whose user password is empty. */
function emptyPasswordHandler(): { owner: Buffer; user: Buffer; key: Buffer } {
  const owner = rc4(md5(Buffer.from('owner-secret'.padEnd(32, '.'), 'latin1')).subarray(0, 5), PASSWORD_PADDING);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(PERMISSIONS);
  const key = md5(PASSWORD_PADDING, owner, permissions, FILE_ID).subarray(0, 5);
  return { owner, user: rc4(key, PASSWORD_PADDING), key };
}

function objectKey(fileKey: Buffer, objectNumber: number): Buffer {
  const suffix = Buffer.from([objectNumber & 255, (objectNumber >> 8) & 255, (objectNumber >> 16) & 255, 0, 0]);
  return md5(fileKey, suffix).subarray(0, Math.min(fileKey.length + 5, 16));
}

/**
 * A valid PDF 1.4: catalog, page tree, one Helvetica Type1 font, one page per content stream, an
 * optional info dictionary, a cross-reference table with exact byte offsets and a trailer.
 */
export function buildPdf(fixture: PdfFixture): Buffer {
  const handler = fixture.encryption === 'empty-password' ? emptyPasswordHandler() : undefined;
  const pageCount = fixture.pages.length;
  const fontNumber = 3;
  const firstPage = 4;
  const pageNumbers = fixture.pages.map((_, index) => firstPage + index * 2);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from(`<< /Type /Pages /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] /Count ${pageCount} >>`, 'latin1'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>', 'latin1'),
  ];
  fixture.pages.forEach((content, index) => {
    const contentNumber = firstPage + index * 2 + 1;
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontNumber} 0 R >> >> /Contents ${contentNumber} 0 R >>`,
        'latin1',
      ),
    );
    let data: Buffer = Buffer.from(content, 'latin1');
    if (handler) data = rc4(objectKey(handler.key, contentNumber), data);
    objects.push(
      Buffer.concat([Buffer.from(`<< /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]),
    );
  });
  let infoNumber: number | undefined;
  if (fixture.title !== undefined && !fixture.encryption) {
    objects.push(Buffer.from(`<< /Title (${escapeString(fixture.title)}) /Producer (pdf-fixtures) >>`, 'latin1'));
    infoNumber = objects.length;
  }
  let encryptNumber: number | undefined;
  if (fixture.encryption) {
    const { owner, user } = handler ?? { owner: Buffer.alloc(32, 0x4f), user: Buffer.alloc(32, 0x55) };
    objects.push(
      Buffer.from(
        `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${PERMISSIONS} >>`,
        'latin1',
      ),
    );
    encryptNumber = objects.length;
  }

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xrefOffset = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const trailer = [
    `/Size ${objects.length + 1}`,
    '/Root 1 0 R',
    infoNumber === undefined ? '' : `/Info ${infoNumber} 0 R`,
    encryptNumber === undefined ? '' : `/Encrypt ${encryptNumber} 0 R`,
    fixture.encryption ? `/ID [<${FILE_ID.toString('hex')}> <${FILE_ID.toString('hex')}>]` : '',
  ]
    .filter(Boolean)
    .join(' ');
  chunks.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< ${trailer} >>\nstartxref\n${xrefOffset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}

/** A text PDF with one page per array of lines. */
export function textPdf(pages: readonly (readonly string[])[], options: { title?: string } = {}): Buffer {
  return buildPdf({ pages: pages.map((lines) => textContent(lines)), title: options.title });
}

/**
 * The same PDF with its trailer's `/Encrypt` key spelled `/Encr#79pt` (a legal name escape): the
 * key is no longer in the bytes as written, yet every reader sees an encryption dictionary.
 */
export function escapeEncryptKey(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const trailer = text.lastIndexOf('trailer');
  // The trailer follows the cross-reference table, so lengthening it moves no object.
  return Buffer.from(text.slice(0, trailer) + text.slice(trailer).replace('/Encrypt ', '/Encr#79pt '), 'latin1');
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { invalidRequest, ServiceError } from '../errors/service-error.js';
import { parseNumber } from './parse-number.js';

/** A document to read: a fetched attachment with its request field. */
export interface DocumentInput {
  /** The request field with its index, for example `documents[1]`; every error message starts with it. */
  field: string;
  path: string;
  /** `application/pdf`, `text/csv` or `text/plain` (checked against the bytes when fetched). */
  mimeType: string;
  /** The `file_name` the client gave. */
  fileName?: string;
}

/** What a document is, by its type. */
export type DocumentKind = 'pdf' | 'csv' | 'text';

/** The separator a CSV's cells were found to use. */
export type CsvDelimiter = ',' | ';' | '\t';

/** The cells of a CSV, header apart. */
export interface DocumentTable {
  /** The header row, trimmed; an empty header cell is named `Column <n>`. */
  columns: string[];
  /** Data rows, trimmed, each as long as `columns`. */
  rows: string[][];
  /** Per column, whether every non-empty cell is a number (see {@link parseNumber}); an empty column is not. */
  numericColumns: boolean[];
  delimiter: CsvDelimiter;
  /** Whether `,` is the decimal mark: the table is delimited by `;`. */
  decimalComma: boolean;
}

/** A document read into text the planner can use. */
export interface SourceDocument {
  field: string;
  fileName?: string;
  kind: DocumentKind;
  /**
   * The text: for a PDF, pages in order, paragraphs apart by a blank line and lines by a newline;
   * for a CSV, the header and rows as lines of cells joined by ` | `.
   */
  text: string;
  /** PDF: how many pages the file has (pages past {@link DOCUMENT_LIMITS} `maxPages` are not read). */
  pages?: number;
  /** PDF: where each page read starts in `text`, first page first. */
  pageOffsets?: number[];
  /** PDF: the Title of its document information, as written. */
  title?: string;
  /** Whether pages, characters or rows past the limits were left out. */
  truncated: boolean;
  /** CSV: the cells. */
  table?: DocumentTable;
}

/** How much of a document is read. */
export const DOCUMENT_LIMITS = {
  /** PDF pages read, from the first. */
  maxPages: 50,
  /** Characters of `text` kept. */
  maxChars: 200_000,
  /** CSV data rows kept, from the first. */
  maxRows: 10_000,
} as const;

const MIME_KINDS: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'text/plain': 'text',
};

/**
 * Reads a fetched document. Every refusal is `invalid_request` with a message that starts with
 * the field: an encrypted or unreadable PDF, a PDF with no text layer, an empty or malformed CSV,
 * an empty text file.
 */
export async function readDocument(input: DocumentInput): Promise<SourceDocument> {
  const kind = MIME_KINDS[input.mimeType];
  if (!kind) throw invalidRequest(`${input.field}: ${input.mimeType} is not a document type this node reads (PDF, CSV or plain text)`);
  const bytes = await readFile(input.path);
  const base = { field: input.field, ...(input.fileName === undefined ? {} : { fileName: input.fileName }) };
  if (kind === 'pdf') return { ...base, kind, ...(await readPdf(bytes, input.field)) };
  const text = decodeUtf8(bytes, input.field);
  if (kind === 'csv') return { ...base, kind, ...readCsv(text, input.field) };
  return { ...base, kind, ...readText(text, input.field) };
}

/** Reads documents one after another, in order; the first refusal is thrown. */
export async function readDocuments(inputs: readonly DocumentInput[]): Promise<SourceDocument[]> {
  const documents: SourceDocument[] = [];
  for (const input of inputs) documents.push(await readDocument(input));
  return documents;
}

function decodeUtf8(bytes: Uint8Array, field: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (cause) {
    throw invalidRequest(`${field}: the text is not UTF-8; save it as UTF-8 and send it again`, cause);
  }
}

/** Cuts text to at most `max` characters, at a line or word break when one is near. */
function cap(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const head = text.slice(0, max);
  const breakAt = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
  return { text: (breakAt > max - 1000 ? head.slice(0, breakAt) : head).trimEnd(), cut: true };
}

// ---------------------------------------------------------------------------------------------
// Plain text

function normalizeText(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function readText(raw: string, field: string): Pick<SourceDocument, 'text' | 'truncated'> {
  const normalized = normalizeText(raw);
  if (!/[\p{L}\p{N}]/u.test(normalized)) throw invalidRequest(`${field}: the text file is empty`);
  const { text, cut } = cap(normalized, DOCUMENT_LIMITS.maxChars);
  return { text, truncated: cut };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** The delimiter used most outside quotes in the first line; ties and none go to `,`. */
function sniffDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as CsvDelimiter] += 1;
  }
  const order: CsvDelimiter[] = [',', ';', '\t'];
  return order.reduce((best, candidate) => (counts[candidate] > counts[best] ? candidate : best), ',');
}

function readCsv(raw: string, field: string): Pick<SourceDocument, 'text' | 'truncated' | 'table'> {
  const source = raw.replace(/^\uFEFF/, '');
  if (!/\S/.test(source)) throw invalidRequest(`${field}: the CSV is empty`);
  const delimiter = sniffDelimiter(source.replace(/^\s*\n/, ''));
  let records: string[][];
  try {
    records = parseCsv(source, {
      delimiter,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: false,
      // The header, the rows kept, and one more to know whether rows were left out.
      to: DOCUMENT_LIMITS.maxRows + 2,
    });
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw invalidRequest(`${field}: is not a readable CSV (${reason})`, cause);
  }
  const [header, ...data] = records.filter((record) => record.some((cell) => cell !== ''));
  if (!header) throw invalidRequest(`${field}: the CSV is empty`);
  if (data.length === 0) throw invalidRequest(`${field}: the CSV has a header row but no data rows`);

  const columns = header.map((name, index) => name || `Column ${index + 1}`);
  const rows = data.slice(0, DOCUMENT_LIMITS.maxRows);
  const decimalComma = delimiter === ';';
  const numericColumns = columns.map((_, column) => {
    const cells = rows.map((row) => row[column] ?? '').filter((cell) => cell !== '');
    return cells.length > 0 && cells.every((cell) => parseNumber(cell, { decimalComma }) !== undefined);
  });
  const rendering = [columns, ...rows].map((row) => row.join(' | ')).join('\n');
  const { text, cut } = cap(rendering, DOCUMENT_LIMITS.maxChars);
  return {
    text,
    truncated: cut || data.length > DOCUMENT_LIMITS.maxRows,
    table: { columns, rows, numericColumns, delimiter, decimalComma },
  };
}

// ---------------------------------------------------------------------------------------------
// PDF

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let pdfjsPromise: Promise<PdfJs> | undefined;

/** pdfjs, loaded on first use: importing it costs about 100 ms and most requests carry no PDF. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

/** The data directories pdfjs reads from disk (its Node factories read paths, never the network). */
function pdfjsDataDirs(): { cMapUrl: string; standardFontDataUrl: string } {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  // pdfjs appends file names to these, so each ends with a separator.
  return { cMapUrl: path.join(root, 'cmaps') + path.sep, standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep };
}

/**
 * Whether the file declares encryption: an `/Encrypt` key followed by a reference or a
 * dictionary. Trailers and cross-reference stream dictionaries are never compressed, so the key
 * is in the bytes as written in every revision of an encrypted file.
 */
function declaresEncryption(bytes: Buffer): boolean {
  for (let at = bytes.indexOf('/Encrypt'); at >= 0; at = bytes.indexOf('/Encrypt', at + 1)) {
    const after = bytes.toString('latin1', at + '/Encrypt'.length, at + 40);
    if (/^[\s\0]*(?:\d+[\s\0]+\d+[\s\0]+R|<<)/.test(after)) return true;
  }
  return false;
}

interface PositionedText {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
  hasEOL: boolean;
}

interface TextLine {
  text: string;
  y: number;
  height: number;
}

/**
 * Rebuilds lines and paragraphs from pdfjs text items, which come in content order: an item on
 * another baseline (or after an end of line) starts a line; a visible gap between items on one
 * line becomes a space; a gap between lines larger than about one and a half lines, a jump up
 * the page (a new column) or a change of font size (a heading) starts a paragraph.
 */
function pageText(items: readonly PositionedText[]): string {
  const lines: TextLine[] = [];
  let current: { parts: string[]; y: number; height: number; endX: number } | undefined;
  const close = () => {
    const text = current?.parts.join('').replace(/[\u0000-\u001F\u007F]/g, ' ').replace(/\s+/g, ' ').trim();
    if (current && text) lines.push({ text, y: current.y, height: current.height });
    current = undefined;
  };
  for (const item of items) {
    const height = item.height || 1;
    if (current && Math.abs(item.y - current.y) > Math.max(current.height, height) * 0.5) close();
    if (!current) {
      current = { parts: [item.str], y: item.y, height, endX: item.x + item.width };
    } else {
      const gap = item.x - current.endX;
      const previous = current.parts[current.parts.length - 1] ?? '';
      if (gap > height * 0.15 && !/\s$/.test(previous) && !/^\s/.test(item.str)) current.parts.push(' ');
      current.parts.push(item.str);
      current.height = Math.max(current.height, height);
      current.endX = item.x + item.width;
    }
    if (item.hasEOL) close();
  }
  close();

  let text = '';
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    if (previous) {
      const drop = previous.y - line.y;
      const sizeChanged = Math.abs(line.height - previous.height) > Math.max(line.height, previous.height) * 0.2;
      text += drop < 0 || drop > Math.max(line.height, previous.height) * 1.6 || sizeChanged ? '\n\n' : '\n';
    }
    text += line.text;
  });
  return text;
}

async function readPdf(
  bytes: Buffer,
  field: string,
): Promise<Pick<SourceDocument, 'text' | 'truncated' | 'pages' | 'pageOffsets' | 'title'>> {
  const encrypted = () => invalidRequest(`${field}: the PDF is encrypted; send an unencrypted copy`);
  const unreadable = (cause: unknown) =>
    invalidRequest(`${field}: is not a readable PDF (${(cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, '')})`, cause);
  // Refused before parsing: an empty user password opens a file silently, and a handler pdfjs
  // does not support would otherwise read as a parse error.
  if (declaresEncryption(bytes)) throw encrypted();

  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdfjs refuses a Buffer and may transfer the array it is given, so it gets its own copy.
    data: new Uint8Array(bytes),
    ...pdfjsDataDirs(),
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    stopAtErrors: false,
    // Errors only: warnings about a sloppy file ("Indexing all PDF objects") go to stdout otherwise.
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    let pdf: Awaited<typeof task.promise>;
    try {
      pdf = await task.promise;
    } catch (cause) {
      // pdfjs 4 does not export PasswordException; its exceptions carry their class in `name`.
      if ((cause as { name?: unknown } | undefined)?.name === 'PasswordException') throw encrypted();
      throw unreadable(cause);
    }
    let title: string | undefined;
    try {
      const info = (await pdf.getMetadata()).info as Record<string, unknown>;
      // The trailer's /Encrypt as pdfjs parsed it: catches a key spelled `/Encr#79pt`, which the byte scan misses.
      if (info.EncryptFilterName) throw encrypted();
      if (typeof info.Title === 'string' && info.Title.trim()) title = info.Title.trim();
    } catch (cause) {
      if (cause instanceof ServiceError) throw cause;
      // A broken information dictionary costs the title, not the document.
    }

    const pageTexts: string[] = [];
    let length = 0;
    const pagesToRead = Math.min(pdf.numPages, DOCUMENT_LIMITS.maxPages);
    for (let number = 1; number <= pagesToRead && length < DOCUMENT_LIMITS.maxChars; number += 1) {
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        const items = content.items.flatMap((item): PositionedText[] =>
          'str' in item
            ? [{ str: item.str, x: Number(item.transform[4]), y: Number(item.transform[5]), width: item.width, height: item.height, hasEOL: item.hasEOL }]
            : [],
        );
        const text = pageText(items);
        pageTexts.push(text);
        length += text.length + 2;
        page.cleanup();
      } catch (cause) {
        throw unreadable(cause);
      }
    }
    if (!pageTexts.some((text) => /[\p{L}\p{N}]/u.test(text))) {
      const where = pdf.numPages > pagesToRead ? ` in its first ${pagesToRead} pages` : '';
      throw invalidRequest(
        `${field}: the PDF has no text layer${where} (scanned pages?); send a PDF with selectable text, or its text as a text file`,
      );
    }

    const pageOffsets: number[] = [];
    let joined = '';
    for (const text of pageTexts) {
      if (joined) joined += '\n\n';
      pageOffsets.push(joined.length);
      joined += text;
    }
    const { text, cut } = cap(joined, DOCUMENT_LIMITS.maxChars);
    return {
      text,
      pages: pdf.numPages,
      pageOffsets: pageOffsets.filter((offset) => offset <= text.length),
      ...(title === undefined ? {} : { title }),
      truncated: cut || pageTexts.length < pdf.numPages,
    };
  } finally {
    await task.destroy();
  }
}

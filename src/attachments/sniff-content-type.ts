/** What the whole body was like as text, gathered while streaming it (the head alone cannot tell). */
export interface TextFacts {
  /** The whole body is valid UTF-8 with no NUL byte and is not empty. */
  isText: boolean;
}

/** File extension for each content type the node accepts. */
export const EXTENSION_BY_MIME_TYPE: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'text/plain': 'txt',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

const ascii = (bytes: Uint8Array, offset: number, text: string): boolean =>
  bytes.length >= offset + text.length && [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));

/** The first element name of an XML or HTML text, skipping a BOM, the prolog, comments and the doctype. */
function rootElement(text: string): { name: string; doctype?: string } | undefined {
  let rest = text.replace(/^\uFEFF/, '');
  let doctype: string | undefined;
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>');
      if (end < 0) return undefined;
      rest = rest.slice(end + 2);
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return undefined;
      rest = rest.slice(end + 3);
    } else if (/^<!doctype/i.test(rest)) {
      // A doctype may carry an internal subset in brackets, which can itself contain '>'.
      const match = /^<!doctype\s+([^\s>[]+)[^>[]*(?:\[[\s\S]*?\])?\s*>/i.exec(rest);
      if (!match) return undefined;
      doctype = match[1]!.toLowerCase();
      rest = rest.slice(match[0].length);
    } else {
      const match = /^<([A-Za-z][\w:.-]*)[\s/>]/.exec(rest);
      if (match) return { name: match[1]!, ...(doctype ? { doctype } : {}) };
      return doctype ? { name: '', doctype } : undefined;
    }
  }
}

function isMpegFrameSync(bytes: Uint8Array): boolean {
  const [b0 = 0, b1 = 0, b2 = 0] = bytes;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x3;
  const layer = (b1 >> 1) & 0x3;
  const bitrate = (b2 >> 4) & 0xf;
  const sampleRate = (b2 >> 2) & 0x3;
  return version !== 1 && layer !== 0 && bitrate !== 0xf && sampleRate !== 3;
}

function isAdtsSync(bytes: Uint8Array): boolean {
  // ADTS is MPEG-4 AAC: 12-bit sync and a layer field of 00, which MPEG audio never uses.
  return bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xf6) === 0xf0;
}

/**
 * The content type of a file by its bytes, never its name or headers: `head` is its first bytes
 * (64 KiB is plenty), `text` what streaming the whole of it found. Answers a type from
 * {@link EXTENSION_BY_MIME_TYPE}, or another one (`text/html`, `image/gif`, ...) naming what it is
 * instead, or `application/octet-stream`.
 */
export function sniffContentType(head: Uint8Array, text: TextFacts): string {
  if (ascii(head, 0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'audio/wav';
  if (ascii(head, 0, '%PDF-')) return 'application/pdf';
  if (ascii(head, 0, 'OggS')) return 'audio/ogg';
  if (ascii(head, 0, 'fLaC')) return 'audio/flac';
  if (ascii(head, 0, 'ID3')) return 'audio/mpeg';
  if (ascii(head, 4, 'ftyp')) return 'audio/mp4';
  if (ascii(head, 0, 'PK\x03\x04')) return 'application/zip';
  // EBML: WebM and Matroska.
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return 'text/plain; charset=utf-16';
  if (isAdtsSync(head)) return 'audio/aac';
  if (isMpegFrameSync(head)) return 'audio/mpeg';
  if (!text.isText) return 'application/octet-stream';
  const root = rootElement(new TextDecoder().decode(head));
  if (root?.name === 'svg') return 'image/svg+xml';
  if (root && (root.doctype === 'html' || /^(html|head|body)$/i.test(root.name))) return 'text/html';
  if (root && /^\s*(?:\uFEFF)?\s*<\?xml/.test(new TextDecoder().decode(head.subarray(0, 256)))) return 'application/xml';
  return 'text/plain';
}

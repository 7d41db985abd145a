import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readDocument, type SourceDocument } from '../../src/documents/read-document.js';

const MIME_TYPES = { pdf: 'application/pdf', csv: 'text/csv', txt: 'text/plain' } as const;

/** A temporary directory of documents, written as a fetched attachment would be. */
export interface DocumentFiles {
  /** Writes `contents` as `<name>.<extension>` and returns the path. */
  write(name: string, extension: keyof typeof MIME_TYPES, contents: Buffer | string): string;
  /** Writes the file and reads it as `documents[0]` with the type its extension names. */
  read(extension: keyof typeof MIME_TYPES, contents: Buffer | string, fileName?: string): Promise<SourceDocument>;
  remove(): void;
}

/** Makes a {@link DocumentFiles} under the system's temporary directory. */
export function documentFiles(): DocumentFiles {
  const dir = mkdtempSync(path.join(tmpdir(), 'documents-'));
  let count = 0;
  const write: DocumentFiles['write'] = (name, extension, contents) => {
    const file = path.join(dir, `${name}.${extension}`);
    writeFileSync(file, contents);
    return file;
  };
  return {
    write,
    read: (extension, contents, fileName) => {
      count += 1;
      const file = write(`documents-${count}`, extension, contents);
      return readDocument({ field: 'documents[0]', path: file, mimeType: MIME_TYPES[extension], ...(fileName ? { fileName } : {}) });
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

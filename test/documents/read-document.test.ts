import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS, readDocument, readDocuments } from '../../src/documents/read-document.js';
import { ServiceError } from '../../src/errors/service-error.js';
import { documentFiles } from './document-files.js';
import { buildPdf, drawingContent, escapeEncryptKey, textContent, textPdf } from './pdf-fixtures.js';

const files = documentFiles();
afterAll(() => files.remove());

/** Expects a 400 `invalid_request` whose message is, or matches, `message`. */
async function expectRefusal(promise: Promise<unknown>, message: string | RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const refusal = error as ServiceError;
  expect([refusal.code, refusal.status]).toEqual(['invalid_request', 400]);
  if (typeof message === 'string') expect(refusal.message).toBe(message);
  else expect(refusal.message).toMatch(message);
}

describe('readDocument: PDF', () => {
  it('reads the text of every page in order, with the page count, page offsets and metadata title', async () => {
    const doc = await files.read(
      'pdf',
      textPdf(
        [
          ['Quarterly Report', 'Revenue grew 12% to $4.2 million.'],
          ['Costs fell 3% (net).', 'Margins improved.'],
        ],
        { title: 'Q3 Results' },
      ),
      'q3.pdf',
    );
    expect(doc).toMatchObject({ field: 'documents[0]', fileName: 'q3.pdf', kind: 'pdf', pages: 2, title: 'Q3 Results', truncated: false });
    expect(doc.text).toBe('Quarterly Report\nRevenue grew 12% to $4.2 million.\n\nCosts fell 3% (net).\nMargins improved.');
    expect(doc.pageOffsets).toEqual([0, doc.text.indexOf('Costs')]);
  });

  it('joins pieces on one baseline with a space and sets a larger heading apart as a paragraph', async () => {
    const content = [
      'BT /F1 20 Tf 72 720 Td (Market Overview) Tj ET',
      'BT /F1 12 Tf 72 690 Td (Sales rose) Tj 200 0 Td (in May.) Tj ET',
      'BT /F1 12 Tf 72 674 Td (Prices held.) Tj ET',
      'BT /F1 12 Tf 72 560 Td (A later section.) Tj ET',
    ].join('\n');
    const doc = await files.read('pdf', buildPdf({ pages: [content] }));
    expect(doc.text).toBe('Market Overview\n\nSales rose in May.\nPrices held.\n\nA later section.');
  });

  it(`reads the first ${DOCUMENT_LIMITS.maxPages} pages and says the rest were left out`, async () => {
    const pages = Array.from({ length: DOCUMENT_LIMITS.maxPages + 2 }, (_, index) => [`Page body ${index + 1}.`]);
    const doc = await files.read('pdf', textPdf(pages));
    expect(doc.pages).toBe(DOCUMENT_LIMITS.maxPages + 2);
    expect(doc.pageOffsets).toHaveLength(DOCUMENT_LIMITS.maxPages);
    expect(doc.truncated).toBe(true);
    expect(doc.text).toContain(`Page body ${DOCUMENT_LIMITS.maxPages}.`);
    expect(doc.text).not.toContain(`Page body ${DOCUMENT_LIMITS.maxPages + 1}.`);
  });

  it('rejects a PDF that needs a password with 400', async () => {
    const pdf = buildPdf({ pages: [textContent(['Secret'])], encryption: 'needs-password' });
    await expectRefusal(files.read('pdf', pdf), 'documents[0]: the PDF is encrypted; send an unencrypted copy');
  });

  it('rejects an encrypted PDF that opens with the empty password with 400', async () => {
    const pdf = buildPdf({ pages: [textContent(['Readable once decrypted'])], encryption: 'empty-password' });
    await expectRefusal(files.read('pdf', pdf), 'documents[0]: the PDF is encrypted; send an unencrypted copy');
  });

  it('rejects an encrypted PDF whose /Encrypt key is spelled with a name escape with 400', async () => {
    const pdf = escapeEncryptKey(buildPdf({ pages: [textContent(['Readable once decrypted'])], encryption: 'empty-password' }));
    await expectRefusal(files.read('pdf', pdf), 'documents[0]: the PDF is encrypted; send an unencrypted copy');
  });

  it('rejects a PDF with no text layer with 400', async () => {
    await expectRefusal(files.read('pdf', buildPdf({ pages: [drawingContent(), drawingContent()] })), /^documents\[0\]: the PDF has no text layer \(scanned pages\?\)/);
  });

  it('rejects bytes that are not a PDF with 400', async () => {
    await expectRefusal(files.read('pdf', '%PDF-1.7\nnot really a document\n'), /^documents\[0\]: is not a readable PDF \(.+\)$/);
    await expectRefusal(files.read('pdf', Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x13, 0x37])), /^documents\[0\]: is not a readable PDF/);
  });
});

describe('readDocument: CSV', () => {
  it('reads a comma CSV with quoted commas into columns and rows', async () => {
    const doc = await files.read('csv', 'Region,Sales,Note\nNorth,10,"big, growing"\n"South, East",12,flat\n', 'sales.csv');
    expect(doc).toMatchObject({ kind: 'csv', fileName: 'sales.csv', truncated: false });
    expect(doc.table).toEqual({
      columns: ['Region', 'Sales', 'Note'],
      rows: [
        ['North', '10', 'big, growing'],
        ['South, East', '12', 'flat'],
      ],
      numericColumns: [false, true, false],
      delimiter: ',',
      decimalComma: false,
    });
    expect(doc.text).toBe('Region | Sales | Note\nNorth | 10 | big, growing\nSouth, East | 12 | flat');
  });

  it('sniffs a semicolon delimiter and reads decimal commas as numbers', async () => {
    const doc = await files.read('csv', 'Land;Umsatz (€);Anteil\nDeutschland;1.234,50 €;45,5%\nÖsterreich;980,25 €;54,5%\n');
    expect(doc.table).toMatchObject({
      columns: ['Land', 'Umsatz (€)', 'Anteil'],
      rows: [
        ['Deutschland', '1.234,50 €', '45,5%'],
        ['Österreich', '980,25 €', '54,5%'],
      ],
      numericColumns: [false, true, true],
      delimiter: ';',
      decimalComma: true,
    });
  });

  it('sniffs a tab delimiter', async () => {
    const doc = await files.read('csv', 'year\tvisitors\n2022\t1200\n2023\t1500\n');
    expect(doc.table).toMatchObject({ columns: ['year', 'visitors'], delimiter: '\t', numericColumns: [true, true] });
  });

  it('strips a byte order mark from the first header and trims cells', async () => {
    const doc = await files.read('csv', '\uFEFFname , score\r\n  Ada , 3 \r\n');
    expect(doc.table?.columns).toEqual(['name', 'score']);
    expect(doc.table?.rows).toEqual([['Ada', '3']]);
  });

  it('marks columns numeric when every filled cell is a number with $, %, thousands separators or a sign', async () => {
    const csv = [
      'Item,Price,Share,Units,Code,Change',
      'Alpha,"$1,200.50",40%,"12,000",A1,-3',
      'Beta,$80,35%,,B2,(4.5)',
      'Gamma,£99,25 %,"1,500",7,+2',
    ].join('\n');
    const doc = await files.read('csv', csv);
    expect(doc.table?.numericColumns).toEqual([false, true, true, true, false, true]);
  });

  it('rejects a CSV with a header and no rows with 400', async () => {
    await expectRefusal(files.read('csv', 'Region,Sales\n'), 'documents[0]: the CSV has a header row but no data rows');
  });

  it('rejects an empty CSV with 400', async () => {
    await expectRefusal(files.read('csv', ''), 'documents[0]: the CSV is empty');
    await expectRefusal(files.read('csv', '\uFEFF \n\n'), 'documents[0]: the CSV is empty');
  });

  it('rejects rows of the wrong length with 400 naming the line', async () => {
    await expectRefusal(files.read('csv', 'a,b\n1,2\n3\n'), /^documents\[0\]: is not a readable CSV \(.*line 3.*\)$/);
  });

  it('rejects an unclosed quote with 400 naming the line', async () => {
    await expectRefusal(files.read('csv', 'a,b\n1,"open\n'), /^documents\[0\]: is not a readable CSV \(.*line 2.*\)$/);
  });

  it(`keeps the first ${DOCUMENT_LIMITS.maxRows} rows and says the rest were left out`, async () => {
    const rows = Array.from({ length: DOCUMENT_LIMITS.maxRows + 5 }, (_, index) => `row ${index + 1},${index}`);
    const doc = await files.read('csv', `name,value\n${rows.join('\n')}\n`);
    expect(doc.truncated).toBe(true);
    expect(doc.table?.rows).toHaveLength(DOCUMENT_LIMITS.maxRows);
    expect(doc.table?.rows.at(-1)).toEqual([`row ${DOCUMENT_LIMITS.maxRows}`, String(DOCUMENT_LIMITS.maxRows - 1)]);
  });
});

describe('readDocument: text', () => {
  it('strips the byte order mark and normalizes whitespace', async () => {
    const doc = await files.read('txt', '\uFEFF  Title\tline  \r\n\r\n\r\n\r\nBody\u00a0 text here.  \n');
    expect(doc).toEqual({ field: 'documents[0]', kind: 'text', text: 'Title line\n\nBody text here.', truncated: false });
  });

  it('rejects an empty or blank text file with 400', async () => {
    await expectRefusal(files.read('txt', ''), 'documents[0]: the text file is empty');
    await expectRefusal(files.read('txt', '\uFEFF \n\t\n'), 'documents[0]: the text file is empty');
  });

  it('rejects a text file that is not UTF-8 with 400', async () => {
    await expectRefusal(files.read('txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])), /^documents\[0\]: the text is not UTF-8/);
  });
});

describe('readDocument: type', () => {
  it('rejects a type it does not read with 400', async () => {
    const file = files.write('doc', 'txt', 'hello');
    await expectRefusal(
      readDocument({ field: 'documents[2]', path: file, mimeType: 'application/msword' }),
      /^documents\[2\]: application\/msword is not a document type/,
    );
  });
});

describe('readDocuments', () => {
  it('reads every document in request order', async () => {
    const csv = files.write('a', 'csv', 'x,y\n1,2\n');
    const txt = files.write('b', 'txt', 'Some notes.');
    const docs = await readDocuments([
      { field: 'documents[0]', path: txt, mimeType: 'text/plain' },
      { field: 'documents[1]', path: csv, mimeType: 'text/csv', fileName: 'a.csv' },
    ]);
    expect(docs.map((doc) => [doc.field, doc.kind, doc.fileName])).toEqual([
      ['documents[0]', 'text', undefined],
      ['documents[1]', 'csv', 'a.csv'],
    ]);
  });

  it('throws the first refusal, naming its field', async () => {
    const good = files.write('good', 'txt', 'Fine.');
    const empty = files.write('empty', 'txt', ' ');
    await expectRefusal(
      readDocuments([
        { field: 'documents[0]', path: good, mimeType: 'text/plain' },
        { field: 'documents[1]', path: empty, mimeType: 'text/plain' },
      ]),
      'documents[1]: the text file is empty',
    );
  });
});

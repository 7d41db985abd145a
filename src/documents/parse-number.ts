/** How a table writes its numbers. */
export interface NumberStyle {
  /**
   * Whether `,` is the decimal mark and `.` groups thousands (tables delimited by `;`).
   * @default false
   */
  decimalComma?: boolean;
}

const GROUPED_POINT = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const GROUPED_COMMA = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const SPACE_GROUPED = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?$/;
const PLAIN_POINT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const PLAIN_COMMA = /^(?:\d+(?:,\d*)?|,\d+)$/;

/**
 * The number a table cell states, or undefined when it is not one. Accepts a sign or accounting
 * parentheses, a currency sign ($ € £) before or after, a trailing %, and thousands separators.
 * With `decimalComma`, `1.234,5` is 1234.5 and `3,5` is 3.5; `3.5` still reads as 3.5, but
 * `1.234` reads as 1234 because that is how such tables group thousands.
 */
export function parseNumber(cell: string, style: NumberStyle = {}): number | undefined {
  let text = cell.trim();
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  text = text.replace(/^[+-]/, (sign) => {
    if (sign === '-') negative = !negative;
    return '';
  });
  text = text.replace(/^[$€£]\s*/, '').replace(/\s*[$€£]$/, '').replace(/\s*%$/, '').trim();
  // "-$5" and "$-5" are both seen in exports.
  text = text.replace(/^-/, () => {
    negative = !negative;
    return '';
  });
  if (!/^[\d.,\s\u00a0\u202f]+$/.test(text) || !/\d/.test(text)) return undefined;

  let normalized: string | undefined;
  if (SPACE_GROUPED.test(text)) {
    normalized = text.replace(/[ \u00a0\u202f]/g, '').replace(',', '.');
  } else if (style.decimalComma) {
    if (GROUPED_COMMA.test(text)) normalized = text.replace(/\./g, '').replace(',', '.');
    else if (PLAIN_COMMA.test(text)) normalized = text.replace(',', '.');
    else if (PLAIN_POINT.test(text)) normalized = text;
  } else if (GROUPED_POINT.test(text)) {
    normalized = text.replace(/,/g, '');
  } else if (PLAIN_POINT.test(text)) {
    normalized = text;
  }
  if (normalized === undefined) return undefined;
  const value = Number(normalized);
  if (!Number.isFinite(value)) return undefined;
  return negative ? -value : value;
}

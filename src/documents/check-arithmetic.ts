/**
 * Checks a figure a model computed from stated ones ("48000 / 1200 = 40", "(120 - 80) / 80 × 100 = 50"):
 * the sum must hold, and every number it starts from must be stated (the request's, a document's,
 * or one computed from the cells), or be one of the constants a percentage or a unit change uses.
 */

/** Constants a sum may use without a source: a percentage's 100 and the common unit changes. */
const FREE_CONSTANTS = new Set([1, 2, 10, 12, 24, 52, 60, 100, 365, 1000]);

/** What {@link checkArithmetic} found: the result it proves, or why it does not hold. */
export type ArithmeticCheck = { ok: true; value: number } | { ok: false; problem: string };

type Token = { kind: 'number'; value: number } | { kind: 'op'; value: string };

/** A written number as a value: "48,000", "1.2k", "4.6 million", "3,5" (a decimal comma when the rest says so). */
function numberOf(text: string, scale: string | undefined): number {
  const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text.replace(',', '.');
  const factor = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, bn: 1e9, b: 1e9, billion: 1e9 }[scale?.toLowerCase() ?? ''] ?? 1;
  return Number(plain) * factor;
}

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d[\d,]*(?:\.\d+)?)\s*(k|m|bn|b|thousand|million|billion)?(?![\p{L}])|([-+*/()×÷x]))/iuy;
  let index = 0;
  // Units and currency signs are not part of the sum.
  const source = text.replace(/[%$€£¥]/gu, ' ').trim();
  while (index < source.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(source);
    if (!match) return undefined;
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: numberOf(match[1], match[2]) });
    else tokens.push({ kind: 'op', value: match[3] === '×' || match[3]!.toLowerCase() === 'x' ? '*' : match[3] === '÷' ? '/' : match[3]! });
    index = pattern.lastIndex;
  }
  return tokens;
}

/** Evaluates + - * / and brackets; the numbers it read are collected into `operands`. */
function evaluate(tokens: Token[], operands: number[]): number | undefined {
  let at = 0;
  const peek = () => tokens[at];
  const primary = (): number | undefined => {
    const token = tokens[at++];
    if (!token) return undefined;
    if (token.kind === 'number') {
      operands.push(token.value);
      return token.value;
    }
    if (token.value === '(') {
      const value = sum();
      if (tokens[at++]?.value !== ')') return undefined;
      return value;
    }
    if (token.value === '-') {
      const value = primary();
      return value === undefined ? undefined : -value;
    }
    return undefined;
  };
  const product = (): number | undefined => {
    let value = primary();
    while (value !== undefined && (peek()?.value === '*' || peek()?.value === '/')) {
      const op = tokens[at++]!.value;
      const right = primary();
      if (right === undefined || (op === '/' && right === 0)) return undefined;
      value = op === '*' ? value * right : value / right;
    }
    return value;
  };
  const sum = (): number | undefined => {
    let value = product();
    while (value !== undefined && (peek()?.value === '+' || peek()?.value === '-')) {
      const op = tokens[at++]!.value;
      const right = product();
      if (right === undefined) return undefined;
      value = op === '+' ? value + right : value - right;
    }
    return value;
  };
  const value = sum();
  return at === tokens.length ? value : undefined;
}

/** Whether `computed` rounds to `written` at the precision `written` is given in (1% at most either way). */
function agrees(computed: number, written: number, decimals: number): boolean {
  const half = 0.5 * 10 ** -decimals;
  return Math.abs(computed - written) <= Math.max(half, Math.abs(written) * 0.01) + 1e-9;
}

/**
 * Checks `arithmetic` ("48000 / 1200 = 40") against the stated figures: the left side must use only
 * stated numbers (or {@link FREE_CONSTANTS}) and evaluate to the right side, at the precision the
 * right side is written in.
 */
export function checkArithmetic(arithmetic: string, isStated: (value: number) => boolean): ArithmeticCheck {
  const sides = arithmetic.split(/=|≈/);
  if (sides.length < 2) return { ok: false, problem: `"${arithmetic}" has no "=" and result` };
  const resultText = sides.at(-1)!.trim();
  const result = /^(-?\d[\d,]*(?:\.\d+)?)\s*(k|m|bn|b|thousand|million|billion)?\s*[%×x]?$/iu.exec(resultText);
  if (!result) return { ok: false, problem: `its result "${resultText}" is not a number` };
  const written = numberOf(result[1]!, result[2]);
  const decimals = result[2] ? 2 : (result[1]!.split('.')[1]?.length ?? 0);
  const tokens = tokenize(sides.slice(0, -1).join('='));
  const operands: number[] = [];
  const computed = tokens && tokens.length > 0 ? evaluate(tokens, operands) : undefined;
  if (computed === undefined || !Number.isFinite(computed)) return { ok: false, problem: `"${arithmetic}" is not a sum the node can check` };
  const unsourced = operands.filter((value) => !isStated(Math.abs(value)) && !FREE_CONSTANTS.has(Math.abs(value)));
  if (unsourced.length > 0) return { ok: false, problem: `it starts from ${unsourced.join(', ')}, which the request and its documents do not state` };
  if (!agrees(computed, written, decimals)) return { ok: false, problem: `${sides.slice(0, -1).join('=').trim()} is ${Number(computed.toPrecision(6))}, not ${resultText}` };
  return { ok: true, value: written };
}

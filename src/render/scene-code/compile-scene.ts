import { transform } from 'esbuild';

/**
 * Modules scene code may import. Keep in sync with ALLOWED_MODULES in compositions/scene-module.ts,
 * which is what actually resolves them in the page.
 */
export const SCENE_IMPORT_ALLOWLIST: ReadonlySet<string> = new Set([
  'react',
  'react/jsx-runtime',
  'remotion',
  '@remotion/transitions',
  '@remotion/transitions/fade',
  '@remotion/transitions/slide',
  '@remotion/transitions/wipe',
  '@remotion/shapes',
  '@remotion/paths',
  '@remotion/noise',
  '@remotion/layout-utils',
  '@kit',
]);

/** Globals scene code must not touch: the network and code evaluation. */
const FORBIDDEN = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'eval', 'Function', 'importScripts', 'sendBeacon', 'Worker', 'SharedWorker'];

/** A scene that compiled and passed the static check. */
export interface CompiledScene {
  /** CommonJS the scene host evaluates. */
  code: string;
  /** The modules it imports. */
  imports: string[];
}

/** Why a scene's code was refused: compile error or a static-check finding. */
export class SceneCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SceneCodeError';
  }
}

/** Removes string literals and comments so the check looks at code only. */
function codeOnly(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/`(?:\\[\s\S]|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, '""');
}

/**
 * Compiles a scene's TSX with esbuild to CommonJS and checks it statically: a default export, only
 * allowlisted imports (as string literals), no dynamic `import()`, and none of the network or eval
 * globals. Throws {@link SceneCodeError} saying what is wrong, so a writer can fix it.
 */
export async function compileScene(source: string): Promise<CompiledScene> {
  if (source.length > 200_000) throw new SceneCodeError('scene code is longer than 200,000 characters');
  const bare = codeOnly(source);
  if (/\bimport\s*\(/.test(bare)) throw new SceneCodeError('scene code uses dynamic import(), which is not allowed');
  let code: string;
  try {
    code = (await transform(source, { loader: 'tsx', format: 'cjs', jsx: 'automatic', target: 'es2020', logLevel: 'silent' })).code;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    throw new SceneCodeError(
      first ? `scene code does not compile: ${first.text}${first.location ? ` (line ${first.location.line}, column ${first.location.column})` : ''}` : `scene code does not compile: ${String(error)}`,
    );
  }
  const compiledBare = codeOnly(code);
  for (const name of FORBIDDEN) {
    if (new RegExp(`(?<![\\w$.])${name}(?![\\w$])|\\.${name}(?![\\w$])`).test(compiledBare)) {
      throw new SceneCodeError(`scene code uses ${name}, which is not allowed (no network or code evaluation)`);
    }
  }
  if (/\b(?:globalThis|window|self)\s*\[/.test(compiledBare)) {
    throw new SceneCodeError('scene code indexes globalThis/window/self, which is not allowed');
  }
  const imports: string[] = [];
  for (const match of code.matchAll(/\brequire\s*\(([^)]*)\)/g)) {
    const literal = /^\s*["']([^"']+)["']\s*$/.exec(match[1] ?? '');
    if (!literal?.[1]) throw new SceneCodeError('scene code calls require() with something other than a module name');
    if (!SCENE_IMPORT_ALLOWLIST.has(literal[1])) {
      throw new SceneCodeError(`scene code imports "${literal[1]}"; allowed: ${[...SCENE_IMPORT_ALLOWLIST].join(', ')}`);
    }
    imports.push(literal[1]);
  }
  // esbuild's CommonJS output lists a default export as `default: () => Name` in its __export call.
  if (!/\bdefault:\s*\(\)\s*=>/.test(code)) {
    throw new SceneCodeError('scene code has no default export');
  }
  return { code, imports: [...new Set(imports)] };
}

import { describe, expect, it } from 'vitest';
import { compileScene, SceneCodeError } from '../../src/render/scene-code/compile-scene.js';

const scene = (body: string, imports = "import React from 'react';\nimport { TitleCard } from '@kit';") =>
  `${imports}\nexport default function Scene({ theme, settings }) {\n${body}\n}`;

describe('compileScene', () => {
  it('compiles a kit scene to CommonJS and lists its imports', async () => {
    const compiled = await compileScene(scene('  return <TitleCard theme={theme} title="Hello" />;'));
    expect(compiled.code).toContain('require("@kit")');
    expect(compiled.imports).toEqual(expect.arrayContaining(['react/jsx-runtime', '@kit']));
  });

  it.each([
    ['fetch', "  fetch('https://example.com'); return null;"],
    ['XMLHttpRequest', '  new XMLHttpRequest(); return null;'],
    ['WebSocket', "  new WebSocket('ws://x'); return null;"],
    ['eval', "  eval('1'); return null;"],
    ['Function', "  new Function('return 1')(); return null;"],
    ['sendBeacon', "  navigator.sendBeacon('https://x'); return null;"],
    ['globalThis', "  globalThis['fe' + 'tch']('x'); return null;"],
  ])('refuses code that uses %s', async (name, body) => {
    await expect(compileScene(scene(body))).rejects.toThrow(SceneCodeError);
    await expect(compileScene(scene(body))).rejects.toThrow(name === 'globalThis' ? /globalThis/ : new RegExp(name));
  });

  it('refuses dynamic import()', async () => {
    await expect(compileScene(scene("  import('left-pad'); return null;"))).rejects.toThrow(/dynamic import/);
  });

  it('refuses a module outside the allowlist', async () => {
    await expect(compileScene(scene("  fs.readFileSync('/etc/passwd'); return null;", "import fs from 'node:fs';"))).rejects.toThrow(/imports "node:fs"/);
  });

  it('refuses code without a default export', async () => {
    await expect(compileScene("import React from 'react';\nexport function Scene() { return null; }")).rejects.toThrow(/default export/);
  });

  it('refuses code that does not compile, naming the line', async () => {
    await expect(compileScene(scene('  return <div>;'))).rejects.toThrow(/does not compile.*line \d+/);
  });

  it('allows the forbidden words inside strings and comments', async () => {
    const compiled = await compileScene(scene('  // we never fetch anything\n  return <TitleCard theme={theme} title="fetch, eval and Function are words" />;'));
    expect(compiled.code).toContain('fetch, eval and Function are words');
  });
});

#!/usr/bin/env node
// `npm run inspect -- <url> [--header "Authorization: Bearer mvk_…"] [--method tools/list] [...]`:
// the MCP Inspector's command-line mode against a node's /mcp, on Node 20 and newer. It runs the
// pinned @modelcontextprotocol/inspector-cli (the code `npx @modelcontextprotocol/inspector --cli`
// runs; the inspector package itself needs Node 22) from its own build folder, where it looks for
// its package.json, and adds `--cli`, `--transport http` and `--method tools/list` unless given.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--help')) {
  console.log('usage: npm run inspect -- <url of /mcp> [--header "Authorization: Bearer mvk_…"] [--method tools/list | tools/call --tool-name NAME --tool-arg key=value …]');
  process.exit(args.length === 0 ? 1 : 0);
}
let cli;
try {
  cli = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/build/cli.js');
} catch {
  console.error('error: the MCP Inspector is a dev dependency; run `npm install` in the node\'s folder (without --omit=dev)');
  process.exit(1);
}
const full = [
  ...(args.includes('--cli') ? [] : ['--cli']),
  ...args,
  ...(args.includes('--transport') ? [] : ['--transport', 'http']),
  ...(args.includes('--method') ? [] : ['--method', 'tools/list']),
];
const child = spawn(process.execPath, [cli, ...full], { cwd: path.dirname(cli), stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

#!/usr/bin/env node
// `SERVICE_API_KEY=mvk_… npm run inspect -- <url> [--method tools/list] [...]`: the MCP Inspector's
// command-line mode against a node's /mcp, on Node 20 and newer. It runs the pinned
// @modelcontextprotocol/inspector-cli (the code `npx @modelcontextprotocol/inspector --cli` runs;
// the inspector package itself needs Node 22) from its own build folder, where it looks for its
// package.json, and adds `--cli`, `--transport http` and `--method tools/list` unless given. The
// API key comes from SERVICE_API_KEY and goes to the Inspector as its Authorization header: npm
// prints a script's arguments, so a key on the command line would land in the terminal and its logs.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const args = process.argv.slice(2);
if (args.length === 0 || args.includes('--help')) {
  console.log('usage: SERVICE_API_KEY=mvk_… npm run inspect -- <url of /mcp> [--method tools/list | tools/call --tool-name NAME --tool-arg key=value …]');
  process.exit(args.length === 0 ? 1 : 0);
}
if (args.some((arg) => /\bmvk_[A-Za-z0-9_-]{8,}/.test(arg))) {
  console.error('error: an API key on the command line is printed by npm (and kept in shell history); pass it in SERVICE_API_KEY instead: SERVICE_API_KEY=mvk_… npm run inspect -- <url>');
  process.exit(1);
}
const apiKey = process.env.SERVICE_API_KEY?.trim();
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
  ...(apiKey ? ['--header', `Authorization: Bearer ${apiKey}`] : []),
  ...(args.includes('--transport') ? [] : ['--transport', 'http']),
  ...(args.includes('--method') ? [] : ['--method', 'tools/list']),
];
const child = spawn(process.execPath, [cli, ...full], { cwd: path.dirname(cli), stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

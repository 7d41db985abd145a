import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../src/package-root.js';

/** The built `service` executable. */
export const BIN = path.join(PACKAGE_ROOT, 'bin', 'service.js');

/** A clean environment for the binary: PATH and HOME only, plus what a test adds. */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...extra };
}

/** What a finished command printed. */
export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `service <args>` to completion, with `input` on stdin, in `cwd` (default: this process's). */
export function runService(args: string[], options: { input?: string; env?: Record<string, string>; cwd?: string } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv(options.env), ...(options.cwd ? { cwd: options.cwd } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** A running `service serve`. */
export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
}

/** Starts `service serve --port 0 <args>` and resolves once it prints its listening line. */
export function startServe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: cleanEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve({ child, url: match[1], stdout: () => stdout, stderr: () => stderr });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

/** Resolves with a child's exit code. */
export function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

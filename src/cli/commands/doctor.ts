import { Command } from 'commander';
import { resolveConfig } from '../../config/resolve-config.js';
import { runChecks } from '../../doctor/run-checks.js';
import { print, reportError } from '../output.js';

/** `service doctor`: what the machine has and lacks, with the fix for each. */
export function doctorCommand(): Command {
  return new Command('doctor')
    .description('check what this machine has and lacks (Node, Chromium, FFmpeg, fonts, data dir)')
    .option('--data-dir <dir>', 'data directory (env SERVICE_DATA_DIR)')
    .option('--json', 'print JSON', false)
    .action(async (options) => {
      try {
        const results = await runChecks(resolveConfig({ dataDir: options.dataDir }));
        const ok = results.every((result) => result.status !== 'fail');
        print({ ok, checks: results }, options, () =>
          [
            ...results.map((result) => {
              const mark = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' }[result.status];
              return `${mark}  ${result.name.padEnd(15)} ${result.detail}${result.fix ? `\n      fix: ${result.fix}` : ''}`;
            }),
            '',
            ok ? 'Everything the node needs is here.' : 'Some checks failed; the fixes are listed above.',
          ].join('\n'),
        );
        if (!ok) process.exitCode = 1;
      } catch (error) {
        reportError(error, options);
      }
    });
}

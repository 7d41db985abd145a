import { Command } from 'commander';
import { resolveDoctorConfig } from '../../doctor/resolve-doctor-config.js';
import { runChecks } from '../../doctor/run-checks.js';
import { checkedOptionsOf, withCheckedFlags } from '../checked-flags.js';
import { print, reportError } from '../output.js';

/**
 * `service doctor`: what the machine has and lacks, with the fix for each. It takes serve's model,
 * speech, render and scale-out flags (and reads their variables), so it checks what `serve` runs.
 */
export function doctorCommand(): Command {
  const command = new Command('doctor')
    .description('check what this machine has and lacks (Node, Chromium, FFmpeg, fonts, data dir) and the models `serve` would use with the same flags')
    .option('--data-dir <dir>', 'data directory (env SERVICE_DATA_DIR)');
  return withCheckedFlags(command)
    .option('--json', 'print JSON', false)
    .action(async (options) => {
      try {
        const { config, refused } = resolveDoctorConfig({ dataDir: options.dataDir, ...checkedOptionsOf(options) });
        const results = await runChecks(config, refused);
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

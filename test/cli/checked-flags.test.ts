import { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { CHECKED_FLAGS, checkedOptionsOf } from '../../src/cli/checked-flags.js';
import { doctorCommand } from '../../src/cli/commands/doctor.js';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { ENVIRONMENT_VARIABLES } from '../../src/config/resolve-config.js';

/** Serve's flags that change nothing doctor checks. A flag serve gains must be added to CHECKED_FLAGS or here. */
const SERVE_ONLY = ['--port', '--host', '--public-url', '--allow-private-urls', '--log-level', '--render-workers', '--jobs', '--cache-dir', '--owner-credits', '--min-free-mb'];
/** Doctor's own flags (its --data-dir says less than serve's). */
const DOCTOR_ONLY = ['--data-dir', '--json'];

const longs = (options: readonly Option[]) => options.map((option) => option.long!);

describe('service doctor takes serve\'s flags', () => {
  it('takes every serve flag but the listening, logging and owner ones, spelled and described alike', () => {
    const serve = serveCommand().options;
    const doctor = doctorCommand().options;
    const checked = longs(serve).filter((flag) => !SERVE_ONLY.includes(flag) && flag !== '--data-dir');
    expect(longs(doctor).filter((flag) => !DOCTOR_ONLY.includes(flag))).toEqual(checked);
    for (const flag of checked) {
      const [ours, theirs] = [doctor.find((o) => o.long === flag)!, serve.find((o) => o.long === flag)!];
      expect({ flags: ours.flags, description: ours.description, parser: ours.parseArg }).toEqual({ flags: theirs.flags, description: theirs.description, parser: theirs.parseArg });
    }
  });

  it('covers the language, premium, speech, video and image model flags', () => {
    const flags = CHECKED_FLAGS.map((flag) => flag.flags.split(' ')[0]);
    for (const flag of ['--llm', '--llm-base-url', '--llm-timeout', '--llm-fallback', '--llm-premium', '--llm-premium-base-url', '--llm-premium-timeout', '--speech', '--speech-base-url', '--speech-voices', '--speech-fallback', '--footage', '--footage-base-url', '--image-model', '--image-model-base-url']) {
      expect(flags).toContain(flag);
    }
  });

  it('sets the option each flag is named for, and names its environment variable in the help', () => {
    for (const flag of CHECKED_FLAGS) {
      expect(new Option(flag.flags).attributeName()).toBe(flag.key);
      expect(flag.description).toContain(ENVIRONMENT_VARIABLES[flag.key]);
    }
  });

  it('reads the same options from serve\'s and doctor\'s command lines', () => {
    const argv = ['--llm', 'openai-compatible:m', '--llm-base-url', 'http://127.0.0.1:1/v1', '--llm-timeout', '45', '--speech', 'openai:tts-1', '--queue', 'redis://h:6379'];
    const parsed = (command: ReturnType<typeof serveCommand>) => checkedOptionsOf(command.action(() => undefined).parse(argv, { from: 'user' }).opts());
    const expected = { llm: 'openai-compatible:m', llmBaseUrl: 'http://127.0.0.1:1/v1', llmTimeout: 45, speech: 'openai:tts-1', queue: 'redis://h:6379' };
    expect(parsed(serveCommand())).toEqual(expected);
    expect(parsed(doctorCommand())).toEqual(expected);
  });
});

import path from 'node:path';
import { Command } from 'commander';
import { resolveConfig } from '../../config/resolve-config.js';
import { listModels, formatBytes } from '../../models/list-models.js';
import { MODEL_CATALOG, SUGGESTED_MODELS } from '../../models/model-catalog.js';
import { pullModel } from '../../models/pull-model.js';
import { details, print, reportError, table } from '../output.js';
import { ProgressBar } from '../progress-bar.js';

/** `service models`: GGUF files for `--llm local:<path>`. */
export function modelsCommand(): Command {
  const command = new Command('models').description('GGUF model files for the embedded local model (--llm local:<path>)');

  command
    .command('pull')
    .description(`download a GGUF into <data-dir>/models (resumes an interrupted pull); names: ${MODEL_CATALOG.map((m) => m.name).join(', ')}`)
    .argument('[name|url]', 'a known model name or an http(s) URL of a GGUF file; without one, the suggested models are listed')
    .option('--sha256 <hex>', 'expected SHA-256 of the file; a mismatch deletes it')
    .option('--data-dir <dir>', 'data directory (env SERVICE_DATA_DIR)')
    .option('--json', 'print JSON', false)
    .action(async (source: string | undefined, options) => {
      if (source === undefined) {
        const suggestions = (['cpu', 'gpu'] as const).map((machine) => ({ machine, ...MODEL_CATALOG.find((model) => model.name === SUGGESTED_MODELS[machine])! }));
        const rows = suggestions.map((model) => [model.machine === 'cpu' ? 'a machine without a GPU' : 'a GPU box', `service models pull ${model.name}`, model.description]);
        const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
        const modelsDir = path.join(resolveConfig({ dataDir: options.dataDir }).dataDir, 'models');
        print({ suggestions }, options, () =>
          [
            'Which model to pull:',
            ...rows.map(([machine, command, description]) => `  ${machine!.padEnd(widths[0]!)}  ${command!.padEnd(widths[1]!)}  ${description}`),
            `Others: ${MODEL_CATALOG.map((model) => model.name).join(', ')}, or the URL of any GGUF file.`,
            `Then \`service serve\` uses it when it is the only model in ${modelsDir} (or name it with --llm local:<file>).`,
            `Without the network: copy a .gguf file into ${modelsDir} yourself, or start serve with --llm local:<file>.`,
          ].join('\n'),
        );
        return;
      }
      const bar = new ProgressBar({ json: options.json });
      try {
        const modelsDir = path.join(resolveConfig({ dataDir: options.dataDir }).dataDir, 'models');
        const pulled = await pullModel({
          source,
          modelsDir,
          sha256: options.sha256,
          onCreateDir: (dir) => process.stderr.write(`Creating the models folder at ${dir}\n`),
          onProgress: ({ received, total }) =>
            bar.update({
              stage: 'downloading',
              fraction: total ? received / total : undefined,
              detail: total ? `${formatBytes(received)} of ${formatBytes(total)}` : formatBytes(received),
            }),
        });
        bar.done();
        const result = { ...pulled, llm: `local:${pulled.path}` };
        print(result, options, () =>
          [
            details({ path: pulled.path, size: formatBytes(pulled.bytes), sha256: pulled.sha256 }),
            pulled.alreadyPresent ? 'Already downloaded.' : pulled.resumedFrom > 0 ? `Resumed at ${formatBytes(pulled.resumedFrom)}.` : '',
            `Use it with: --llm ${result.llm} (serve picks it without --llm when it is the only model there)`,
          ]
            .filter(Boolean)
            .join('\n'),
        );
      } catch (error) {
        bar.done();
        reportError(error, options);
      }
    });

  command
    .command('list')
    .description('GGUF files in <data-dir>/models with their sizes')
    .option('--data-dir <dir>', 'data directory (env SERVICE_DATA_DIR)')
    .option('--json', 'print JSON', false)
    .action(async (options) => {
      try {
        const modelsDir = path.join(resolveConfig({ dataDir: options.dataDir }).dataDir, 'models');
        const files = await listModels(modelsDir);
        print(files, options, () =>
          files.length === 0
            ? `no models in ${modelsDir}: pull one with \`service models pull <name>\` (without a name it suggests one), or copy a .gguf file there`
            : table(
                files.map((file) => ({ ...file, size: formatBytes(file.bytes), note: file.partial ? 'incomplete: pull again to resume' : '' })),
                ['name', 'size', 'path', 'note'],
              ),
        );
      } catch (error) {
        reportError(error, options);
      }
    });

  return command;
}

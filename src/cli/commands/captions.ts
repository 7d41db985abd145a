import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { invalidRequest, notFound } from '../../errors/service-error.js';
import { CAPTION_FORMATS, type CaptionFormat } from '../../pipeline/captions/caption-files.js';
import { videoCaptions } from '../../pipeline/captions/video-captions.js';
import { print } from '../output.js';
import { dataOptions, withNode } from '../with-node.js';

/**
 * `service captions <job>`: the job's narration as a caption file (SubRip or WebVTT), the same file
 * as `GET /v1/videos/{id}/captions`; printed, or written to `--out`.
 */
export function captionsCommand(): Command {
  return dataOptions(
    new Command('captions')
      .description('a video job\'s narration as a caption file (SubRip or WebVTT), printed or written to --out')
      .argument('<job>', 'video job id')
      .option('--format <format>', 'srt (SubRip, default) or vtt (WebVTT)', 'srt')
      .option('--out <file>', 'write the file here instead of printing it'),
  ).action(async (jobId: string, options) => {
    await withNode(options, { read: 'no video to take captions from' }, (ctx) => {
      const format = options.format as CaptionFormat;
      if (!CAPTION_FORMATS.includes(format)) throw invalidRequest(`--format: must be "srt" (SubRip) or "vtt" (WebVTT), not "${format}"`);
      const row = ctx.videos.get(jobId);
      if (!row) throw notFound(`video ${jobId}`);
      const captions = videoCaptions(ctx, row, format);
      if (!options.out) {
        if (options.json) print(captions, options, () => '');
        else process.stdout.write(captions.captions);
        return;
      }
      const out = path.resolve(options.out);
      writeFileSync(out, captions.captions);
      const { captions: _text, ...facts } = captions;
      print({ ...facts, file: out }, options, () => `wrote ${out}: ${captions.cues} cue${captions.cues === 1 ? '' : 's'} in ${captions.language} (${format === 'vtt' ? 'WebVTT' : 'SubRip'})`);
    });
  });
}

import { test } from 'vitest';
import { EmbeddedPlanner } from '../src/pipeline/providers/embedded/embedded-planner.js';
import { documentFiles } from './documents/document-files.js';
test('q', async () => {
  const files = documentFiles();
  const wide = await files.read('csv', 'Product line,Q1 revenue ($k),Q2 revenue ($k),Q3 revenue ($k)\nAnalytics,800,1100,1400\nStorage,1200,1300,1350\nSecurity,600,650,700\nSupport,900,880,860\n', 'q3.csv');
  for (const prompt of ['Which product line grew fastest? Make a 30 second board update from the attached CSV.', 'Board update: which product line grew fastest and why it matters', 'Welche Produktlinie ist am schnellsten gewachsen?']) {
    const plan = await new EmbeddedPlanner().plan({ prompt, language: prompt.startsWith('Welche') ? 'de' : 'en', durationSeconds: 30, fps: 30, multiScene: true, materials: { images: [], documents: [wide] } } as never);
    console.log('PLAN', prompt, '\n' + plan.scenes.map((s) => `  ${s.kind} ${JSON.stringify(s.settings).slice(0, 200)} || ${s.narration}`).join('\n'));
  }
  files.remove();
});

// The inputs of the recorded-plans set (test/fixtures/recorded-plans/cases.json) as the node's model
// code takes them: shared by the recorder (scripts/record-model-answers.mjs, over dist/) and the
// test that replays the answers (test/pipeline/providers/llm/recorded-plans.test.ts, over src/).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The lengths model-5 (the default video model) makes, seconds. */
export const RECORDED_LENGTH_RANGE = { min: 5, max: 120 };

/**
 * A plan case's PlanRequest; a case's CSV is written into `dir` and read as the node reads it.
 * `readDocument` is the node's (src/ in tests, dist/ in the recorder): the caller may pass it.
 */
export async function recordedPlanRequest(item, dir, readDocument) {
  const read = readDocument ?? (await import(pathToFileURL(path.resolve(import.meta.dirname, '../dist/documents/read-document.js')).href)).readDocument;
  const documents = [];
  if (item.csv) {
    const file = path.join(dir, item.csv.fileName);
    writeFileSync(file, item.csv.text);
    documents.push(await read({ field: 'documents[0]', path: file, mimeType: 'text/csv', fileName: item.csv.fileName }));
  }
  return {
    prompt: item.prompt,
    durationSeconds: item.durationSeconds,
    durationFrom: item.durationFrom,
    lengthRange: RECORDED_LENGTH_RANGE,
    multiScene: true,
    fps: 30,
    language: item.language,
    materials: { images: [], documents, ...(item.logo ? { logo: 'logo' } : {}), ...(item.brandName ? { brandName: item.brandName } : {}) },
  };
}

/** The finished video the edit cases change: a title, a list and a close. */
export const RECORDED_EDIT_SOURCE = {
  scenes: [
    { position: 0, role: 'hook', kind: 'title', title: 'Trail running, lighter', durationSeconds: 5, settings: { title: 'Trail running, lighter', subtitle: 'The new Strider 2' }, narration: 'Meet the Strider 2, our lightest trail shoe yet.', narrationSeconds: 3.2 },
    { position: 1, role: 'body', kind: 'bullets', title: 'Built for the hills', durationSeconds: 8, settings: { heading: 'Built for the hills', items: ['Grippy lugs for mud', 'Foam that springs back', 'Weighs 240 grams'] }, narration: 'Grippy lugs bite into mud, the foam springs back, and it weighs just 240 grams.', narrationSeconds: 5.1 },
    { position: 2, role: 'close', kind: 'cta', title: 'Run further', durationSeconds: 5, settings: { message: 'Run further', action: 'Shop now' }, narration: 'Run further. Shop the Strider 2 today.', narrationSeconds: 2.6 },
  ],
  options: { model: 'model-5', narration: true, music: true, sfx: false, voice: 'embedded-noah', language: 'en', musicMood: 'bright', colors: { primary: '#1F6FEB', background: '#0B1220' }, fonts: { heading: 'Montserrat', body: 'Inter' }, images: [] },
};

/** The critique case: a title scene's plan, code and a frame of its test render. */
export const RECORDED_CRITIQUE = {
  still: 'docs/gallery/model/00-explain-how-a-heat-pump-works.jpg',
  request: {
    scene: { role: 'hook', kind: 'title', title: 'How a heat pump works', durationSeconds: 5, settings: { title: 'How a heat pump works', subtitle: 'Moving heat, not making it' }, narration: 'A heat pump moves heat from outside into your home, even in winter.' },
    position: 0,
    sceneCount: 5,
    source: "import { AbsoluteFill } from 'remotion';\nimport { TitleCard } from '@kit';\n\nexport default function Scene({ theme, settings }) {\n  return (\n    <AbsoluteFill>\n      <TitleCard theme={theme} title={settings.title} subtitle={settings.subtitle} />\n    </AbsoluteFill>\n  );\n}\n",
    audit: 'texts: title 96 px, subtitle 44 px; lowest contrast 7.9:1; no findings',
  },
};

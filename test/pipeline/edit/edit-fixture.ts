import type { EditSource } from '../../../src/pipeline/edit/edit-source.js';

/** A finished six-scene, 30-second video as an edit starts from it. */
export function sixSceneSource(): EditSource {
  return {
    scenes: [
      { position: 0, role: 'hook', kind: 'title', title: 'Acme Cloud', durationSeconds: 5, settings: { title: 'Acme Cloud', subtitle: 'Hosting made simple' }, narration: 'Meet Acme Cloud.', narrationSeconds: 1.6 },
      { position: 1, role: 'body', kind: 'bullets', title: 'Why Acme', durationSeconds: 6, settings: { heading: 'Why Acme', items: ['Fast', 'Cheap', 'Secure'] }, narration: 'Acme is fast, cheap and secure.', narrationSeconds: 3.2 },
      { position: 2, role: 'body', kind: 'stat', title: 'uptime', durationSeconds: 4, settings: { value: 99.9, prefix: '', suffix: '%', decimals: 1, label: 'uptime' }, narration: 'Ninety-nine point nine percent uptime.', narrationSeconds: 2.5 },
      { position: 3, role: 'body', kind: 'image', title: 'Dashboard', durationSeconds: 5, settings: { image: 'image-1', mode: 'contain', heading: 'Dashboard' }, narration: '' },
      { position: 4, role: 'body', kind: 'image-grid', title: 'Team', durationSeconds: 5, settings: { images: ['image-1', 'image-2'], heading: 'Team' }, narration: 'Our team.', narrationSeconds: 1 },
      { position: 5, role: 'close', kind: 'cta', title: 'Try Acme today', durationSeconds: 5, settings: { message: 'Try Acme today', action: 'Sign up' }, narration: 'Try Acme today.', narrationSeconds: 1.4 },
    ],
    options: {
      model: 'model-5',
      narration: true,
      music: true,
      sfx: false,
      voice: 'embedded-ava',
      language: 'en',
      musicMood: 'bright',
      colors: { primary: '#2563EB', secondary: '#64748B', accent: '#F59E0B', background: '#FFFFFF' },
      fonts: { heading: 'Inter', body: 'Inter' },
      images: ['image-1', 'image-2', 'image-3'],
    },
  };
}

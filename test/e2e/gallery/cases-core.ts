import { libraryPicture, sceneFor, type GalleryCase } from './gallery.js';

const picture = libraryPicture;

/** The plain pack's palette, for cases that swap in brand colors. */
const PLAIN_PALETTE = { background: '#FFFFFF', surface: '#F3F4F6', text: '#111827', primary: '#2563EB', secondary: '#64748B', accent: '#F59E0B' };

/** The text-led components: title, lists, counter, call to action, captions. */
export const CORE_CASES: GalleryCase[] = [
  {
    name: 'title-card',
    code: sceneFor('TitleCard'),
    settings: { title: 'How solar panels turn light into power for your home', subtitle: 'A two-minute guide to photovoltaics, inverters and net metering', kicker: 'Explainer' },
  },
  { name: 'title-short', code: sceneFor('TitleCard'), settings: { title: 'Hello' } },
  { name: 'title-short-phrase', code: sceneFor('TitleCard'), settings: { title: 'How it works' } },
  {
    name: 'bullet-list',
    code: sceneFor('BulletList'),
    settings: {
      heading: 'Why teams switch to async standups',
      items: ['Fewer interruptions during deep work', 'Written updates everyone can search later', 'Time zones stop mattering', 'Managers see blockers the same day', 'Supercalifragilisticexpialidocious onboarding'],
    },
  },
  // Few points: a wide canvas puts an icon panel beside the list.
  {
    name: 'bullet-list-short',
    code: sceneFor('BulletList'),
    settings: { heading: 'Why customers pick our bakery', kicker: 'Three reasons', items: ['Fresh bread every morning', 'Free delivery across town', 'Secure payments online'] },
  },
  { name: 'bullet-list-two', code: sceneFor('BulletList'), settings: { heading: 'Two things to remember', items: ['Back up your data', 'Update every month'] } },
  {
    name: 'step-list',
    code: sceneFor('StepList'),
    settings: { heading: 'Brew better coffee', kicker: 'Three steps', steps: ['Grind fresh, medium-fine', 'Bloom for 30 seconds', 'Pour slowly in circles'] },
  },
  { name: 'stat-counter', code: sceneFor('StatCounter'), settings: { value: 4200000, prefix: '$', suffix: '', label: 'raised from 1,200 backers in the first week of the campaign', source: 'Source: Q3 investor report, page 4' } },
  { name: 'call-to-action', code: sceneFor('CallToAction'), settings: { message: 'Start your free trial today and ship your first video in minutes', action: 'Visit example.com/start' } },
  {
    name: 'captions',
    sitsAside: true,
    code: `import React from 'react';
import { TitleCard } from '@kit';

export default function Scene({ theme, settings }) {
  return <TitleCard theme={theme} title={settings.title} />;
}
`,
    settings: { title: 'Narrated scene', captions: [{ text: 'Captions follow the narration, one short line at a time', start: 0, end: 10 }] },
  },
  // Brand colors that would break contrast: a pale yellow primary and accent on white, with depth.
  {
    name: 'brand-pale-cta',
    code: sceneFor('CallToAction'),
    pack: 'plain',
    theme: { palette: { ...PLAIN_PALETTE, primary: '#FDE047', accent: '#FEF9C3' }, depth: '3d' },
    settings: { message: 'Sunny Day Lemonade, squeezed every morning', action: 'Order now' },
  },
  {
    name: 'brand-pale-steps',
    code: sceneFor('StepList'),
    pack: 'plain',
    theme: { palette: { ...PLAIN_PALETTE, primary: '#A7F3D0', accent: '#D1FAE5', background: '#0B3D2E', surface: '#0F5132' } },
    settings: { heading: 'Three steps to a greener office', kicker: 'Brand colors on a dark brand background', steps: ['Switch off at night', 'Print double-sided', 'Bring a mug'] },
  },
];

/**
 * Title cards with a hero picture from the visual library. Listed after every other case, since the
 * gallery gives packs by a case's place in the list: new cases go last, so the others keep theirs.
 */
export const PICTURE_CASES: GalleryCase[] = [
  {
    name: 'title-picture',
    code: sceneFor('TitleCard', ['picture']),
    settings: { title: 'How honeybees make honey', subtitle: 'From flower to jar in five steps', picture: 'hero' },
    assets: { hero: picture('fluent-emoji-flat:honeybee') },
  },
  { name: 'title-picture-long', code: sceneFor('TitleCard', ['picture']), settings: { title: 'Why a heat pump can warm a whole house with air that is below freezing', picture: 'hero' }, assets: { hero: picture('fluent-emoji-flat:house') } },
  { name: 'kinetic-picture', code: sceneFor('KineticHeadline', ['picture']), settings: { text: 'History of the bicycle', emphasis: 'bicycle', picture: 'hero' }, assets: { hero: picture('fluent-emoji-flat:bicycle') } },
  {
    name: 'bullet-list-picture',
    code: sceneFor('BulletList', ['picture']),
    settings: { heading: 'How bees make honey', items: ['Foragers collect nectar', 'House bees fan off the water', 'Wax caps seal the cells'], picture: 'hero' },
    assets: { hero: picture('fluent-emoji-flat:honeybee') },
  },
];

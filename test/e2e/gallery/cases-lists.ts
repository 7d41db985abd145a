import { libraryPicture, sceneFor, type GalleryCase } from './gallery.js';

const picture = libraryPicture;
const emoji = (name: string) => picture(`fluent-emoji-flat:${name}`);
const flag = (code: string) => picture(`circle-flags:${code}`);

/**
 * A scene's narration timing as the node stores it (`narrationTiming` in its settings): `text`
 * spoken one word every `perWord` seconds from `start` and ending `tail` seconds after its last
 * word starts, so a case renders its build as a narrated video would.
 */
export function spokenAt(text: string, start = 0.3, perWord = 0.3, tail = 2): { text: string; words: { index: number; length: number; start: number }[]; start: number; end: number } {
  const words = [...text.matchAll(/\S+/g)].map((match, i) => ({ index: match.index!, length: match[0].length, start: Number((start + i * perWord).toFixed(3)) }));
  return { text, words, start, end: (words.at(-1)?.start ?? start) + tail };
}

/** Gallery cases of the kit's lists and figure scenes: stat grid, pictogram, ranking, checklist, before and after. */
export const LISTS_CASES: GalleryCase[] = [
  {
    name: 'stat-grid',
    code: sceneFor('StatGrid'),
    settings: {
      title: 'Our first year in numbers',
      kicker: 'Community garden',
      stats: [
        { value: 1240, label: 'volunteer hours', picture: emoji('seedling') },
        { value: 3.5, decimals: 1, suffix: 't', label: 'of vegetables grown', picture: emoji('evergreen-tree') },
        { value: 86, suffix: '%', label: 'of beds in use', picture: emoji('tulip') },
      ],
    },
  },
  {
    name: 'stat-grid-four-long',
    code: sceneFor('StatGrid'),
    settings: {
      title: 'How the new cycle lanes changed the commute',
      stats: [
        { value: 42, suffix: '%', label: 'more people cycling' },
        { value: 12, suffix: ' min', label: 'saved on an average trip' },
        { value: 2300000, prefix: '€', label: 'spent on bike lanes' },
        { value: 0, label: 'serious accidents so far' },
      ],
    },
  },
  {
    name: 'stat-grid-two-de',
    code: sceneFor('StatGrid'),
    settings: {
      title: 'Unser Verein in Zahlen',
      stats: [
        { value: 350, label: 'Mitglieder aus zwölf Ländern', picture: emoji('globe-showing-europe-africa') },
        { value: 48000, prefix: '€', label: 'Spenden für die Jugendarbeit', picture: emoji('money-bag') },
      ],
    },
  },
  {
    name: 'stat-grid-untitled',
    code: sceneFor('StatGrid'),
    settings: { stats: [{ value: 7, label: 'hours of sleep' }, { value: 8, label: 'glasses of water' }, { value: 10000, label: 'steps a day' }] },
  },
  { name: 'pictogram', code: sceneFor('Pictogram'), settings: { title: 'Who walks to school?', count: 3, total: 10, label: 'children in our town walk or cycle to school' } },
  {
    name: 'pictogram-picture',
    code: sceneFor('Pictogram', ['picture']),
    settings: { title: 'Street trees after the storm', kicker: 'Survey', count: 14, total: 20, label: 'trees on Elm Street are still standing', picture: 'tree' },
    assets: { tree: emoji('evergreen-tree') },
  },
  {
    name: 'pictogram-scaled-long',
    code: sceneFor('Pictogram'),
    settings: { title: 'Remote work in 2025', count: 3180, total: 10000, label: 'of the office workers we surveyed now work from home two days a week' },
  },
  { name: 'pictogram-untitled', code: sceneFor('Pictogram', ['picture']), settings: { count: 27, total: 100, label: 'households have solar panels', picture: 'sun' }, assets: { sun: emoji('sun') } },
  {
    name: 'ranking-countries',
    code: sceneFor('Ranking'),
    settings: {
      title: 'Happiest countries in the world',
      kicker: 'World Happiness Report',
      unit: 'pts',
      items: [
        { label: 'Sweden', value: 7.34, picture: flag('se') },
        { label: 'Finland', value: 7.74, picture: flag('fi') },
        { label: 'Iceland', value: 7.53, picture: flag('is') },
        { label: 'Denmark', value: 7.58, picture: flag('dk') },
        { label: 'Netherlands', value: 7.32, picture: flag('nl') },
        { label: 'Norway', value: 7.3, picture: flag('no') },
      ],
    },
  },
  {
    name: 'ranking-no-values',
    code: sceneFor('Ranking'),
    settings: { title: 'Our favourite ways to get to work', items: [{ label: 'Bicycle' }, { label: 'Walking' }, { label: 'Bus' }] },
  },
  {
    name: 'ranking-long-es',
    code: sceneFor('Ranking'),
    settings: {
      title: 'Los transportes más usados en la ciudad',
      unit: '%',
      items: [
        { label: 'Autobús urbano y metropolitano', value: 34, picture: emoji('bus') },
        { label: 'Bicicleta compartida', value: 21, picture: emoji('bicycle') },
        { label: 'Coche particular con un solo ocupante', value: 29, picture: emoji('automobile') },
        { label: 'A pie', value: 16, picture: emoji('person-running') },
      ],
    },
  },
  { name: 'ranking-two-untitled', code: sceneFor('Ranking'), settings: { unit: '$', items: [{ label: 'Plan A', value: 1200 }, { label: 'Plan B', value: 800 }] } },
  {
    name: 'checklist',
    code: sceneFor('Checklist', ['picture']),
    settings: { heading: 'A better night’s sleep', kicker: 'Evening routine', items: ['Screens off an hour before bed', 'Keep the bedroom cool', 'Same bedtime every night', 'No coffee after 2 pm', 'Read a few pages'], picture: 'bed' },
    assets: { bed: emoji('bed') },
  },
  { name: 'checklist-no-picture', code: sceneFor('Checklist'), settings: { heading: 'Before you fly', items: ['Passport', 'Boarding pass', 'Charger'] } },
  {
    name: 'checklist-long',
    code: sceneFor('Checklist'),
    settings: {
      heading: 'Launch day checklist for the new online shop',
      items: [
        'Test checkout with every payment method',
        'Email the announcement to the newsletter',
        'Check product pages load fast on phones',
        'Set up order notifications for the warehouse team',
        'Publish the returns and shipping policy pages',
        'Celebrate with the whole team',
      ],
    },
  },
  {
    name: 'checklist-de',
    code: sceneFor('Checklist', ['picture']),
    settings: { heading: 'Gut schlafen', items: ['Handy aus dem Schlafzimmer verbannen', 'Zimmer gut lüften', 'Jeden Tag zur gleichen Zeit aufstehen', 'Abends keinen Kaffee'], picture: 'moon' },
    assets: { moon: emoji('crescent-moon') },
  },
  {
    name: 'before-after-desk',
    code: sceneFor('BeforeAfter'),
    settings: {
      title: 'Ten minutes of tidying',
      kicker: 'Desk makeover',
      before: { label: 'Before', points: ['Papers everywhere', 'Cables tangled', 'Nowhere to write'], picture: emoji('wastebasket') },
      after: { label: 'After', points: ['Files in one tray', 'Cables clipped away', 'A clear place to work'], picture: emoji('desktop-computer') },
    },
  },
  {
    name: 'before-after-plain',
    code: sceneFor('BeforeAfter'),
    settings: { title: 'Switching to the new billing system', before: { label: 'Old system', points: ['Invoices sent by hand', 'Payments matched in spreadsheets'] }, after: { label: 'New system', points: ['Invoices go out automatically', 'Payments matched the same day'] } },
  },
  {
    name: 'before-after-es',
    code: sceneFor('BeforeAfter'),
    settings: {
      title: 'El jardín antes y después de la renovación',
      before: { label: 'Antes de la renovación', points: ['Plantas secas por falta de riego', 'Caminos llenos de barro'], picture: emoji('wilted-flower') },
      after: { label: 'Después', points: ['Riego por goteo automático', 'Senderos de grava', 'Flores durante todo el año'], picture: emoji('tulip') },
    },
  },
  {
    // Narrated: at the audited frame the third step is the hero, two are done, one is to come.
    name: 'step-cards-recipe',
    code: sceneFor('StepCards'),
    durationInFrames: 240,
    settings: {
      heading: 'Banana pancakes',
      kicker: 'Two ingredients',
      steps: [
        { text: 'Mash two ripe bananas', picture: emoji('banana') },
        { text: 'Whisk in two eggs', picture: emoji('egg') },
        { text: 'Heat a buttered pan', picture: emoji('cooking') },
        { text: 'Fry until golden', picture: emoji('pancakes') },
      ],
      narrationTiming: spokenAt('First mash two ripe bananas. Whisk in two eggs. Heat a buttered pan. Fry small pancakes until golden.'),
    },
  },
  {
    // No pictures: each card shows its number large; not narrated, so all five have come by the audited frame.
    name: 'step-cards-lift',
    code: sceneFor('StepCards'),
    settings: {
      heading: 'The safe lift',
      steps: [{ text: 'Plan the route and clear the way' }, { text: 'Stand close, feet apart' }, { text: 'Bend your knees, not your back' }, { text: 'Grip the box firmly and lift smoothly' }, { text: 'Keep the load close to your body' }],
    },
  },
  { name: 'before-after-bare', code: sceneFor('BeforeAfter'), settings: { before: { label: 'Paper' }, after: { label: 'Digital' } } },
  {
    // Narrated: at the audited frame every item has come in and ticked, the last is spoken about and the others dimmed.
    name: 'checklist-narrated',
    code: sceneFor('Checklist'),
    durationInFrames: 240,
    settings: {
      heading: 'A better night’s sleep',
      items: ['Screens off an hour before bed', 'Keep the bedroom cool', 'Same bedtime every night', 'No coffee after 2 pm', 'Read a few pages'],
      narrationTiming: spokenAt('Turn screens off an hour before bed. Keep the bedroom cool. Go to bed at the same time every night. Skip coffee after two. And read a few pages.', 0.1, 0.13),
    },
  },
  {
    // Narrated: the third point is spoken about at the audited frame, the first two dimmed.
    name: 'bullet-list-narrated',
    code: sceneFor('BulletList'),
    durationInFrames: 240,
    settings: {
      heading: 'Why customers pick our bakery',
      items: ['Fresh bread every morning', 'Free delivery across town', 'Secure payments online'],
      narrationTiming: spokenAt('We bake fresh bread every morning. We deliver free across town. And you can pay securely online.', 0.3, 0.2),
    },
  },
  {
    // Narrated: "after" is spoken about at the audited frame, "before" stepped back.
    name: 'before-after-narrated',
    code: sceneFor('BeforeAfter'),
    durationInFrames: 240,
    settings: {
      title: 'Ten minutes of tidying',
      before: { label: 'Before', points: ['Papers everywhere', 'Cables tangled'], picture: emoji('wastebasket') },
      after: { label: 'After', points: ['Files in one tray', 'Cables clipped away'], picture: emoji('desktop-computer') },
      narrationTiming: spokenAt('Before, papers were everywhere and the cables tangled. After ten minutes, the files sit in one tray.', 0.3, 0.25),
    },
  },
];

import sharp from 'sharp';
import { spokenAt } from './cases-lists.js';
import { libraryPicture, sceneFor, type GalleryCase } from './gallery.js';

// Sample images, drawn at module load as data URLs: photo-like landscapes (JPEG), a portrait
// scene (PNG), a product cut-out with transparency (WebP), an SVG emblem and a very wide logo (PNG).

/** A small deterministic random sequence, so the samples are the same on every run. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Mood {
  sky: [string, string, string];
  sun: string;
  hills: [string, string, string];
  water: string;
}

const MOODS: Record<string, Mood> = {
  dusk: { sky: ['#2B1B4E', '#C2557A', '#F6B26B'], sun: '#FFE3A3', hills: ['#6B3A6B', '#43264F', '#1F1330'], water: '#3A2450' },
  noon: { sky: ['#1E6FD9', '#6FB5F2', '#DCEFFC'], sun: '#FFFFFF', hills: ['#6E9F7A', '#3F7556', '#1E4634'], water: '#2C6FA8' },
  dawn: { sky: ['#F7C6B5', '#FBE3C8', '#FFF6E5'], sun: '#FF9F6B', hills: ['#B6A2C4', '#8C7AA6', '#5B4C78'], water: '#9B8DB6' },
  night: { sky: ['#050A1F', '#12224A', '#2B3F74'], sun: '#E8EEFF', hills: ['#1C2A4F', '#121C38', '#080E20'], water: '#0E1A3A' },
  forest: { sky: ['#CFE6D8', '#E9F2E4', '#F7F7EC'], sun: '#FFF4C2', hills: ['#7FA77A', '#4C7A4F', '#24442C'], water: '#4F7F6B' },
  desert: { sky: ['#F2A65A', '#F7C88A', '#FCE7C3'], sun: '#FFF1D6', hills: ['#D98B52', '#B5633A', '#7A3B22'], water: '#C07A4B' },
};

function ridge(width: number, height: number, base: number, amplitude: number, random: () => number): string {
  const points: string[] = [`0,${height}`];
  const steps = 14;
  for (let i = 0; i <= steps; i += 1) {
    const x = (i / steps) * width;
    const y = base - amplitude * (0.35 + 0.65 * random()) * (i % 2 === 0 ? 1 : 0.55);
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  points.push(`${width},${height}`);
  return points.join(' ');
}

/** A landscape-like picture: graded sky, sun, three ridges and a lake with reflections. */
function landscapeSvg(width: number, height: number, mood: Mood, seed: number): string {
  const random = sequence(seed);
  const horizon = height * 0.68;
  const sunX = width * (0.25 + random() * 0.5);
  const sunR = Math.min(width, height) * 0.09;
  const stars = mood === MOODS.night ? Array.from({ length: 60 }, () => `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * horizon * 0.8).toFixed(0)}" r="${(1 + random() * 2).toFixed(1)}" fill="#FFFFFF" opacity="${(0.4 + random() * 0.6).toFixed(2)}"/>`).join('') : '';
  const ripples = Array.from({ length: 18 }, (_, i) => {
    const y = horizon + 10 + i * ((height - horizon) / 18);
    const w = width * (0.05 + random() * 0.18);
    return `<rect x="${(sunX - w / 2 + (random() - 0.5) * 80).toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${(2 + i * 0.25).toFixed(1)}" rx="2" fill="${mood.sun}" opacity="${(0.5 - i * 0.022).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mood.sky[0]}"/><stop offset="0.55" stop-color="${mood.sky[1]}"/><stop offset="1" stop-color="${mood.sky[2]}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${mood.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${mood.sun}" stop-opacity="0"/></radialGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mood.water}"/><stop offset="1" stop-color="${mood.hills[2]}"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  ${stars}
  <circle cx="${sunX}" cy="${horizon - sunR * 1.6}" r="${sunR * 3}" fill="url(#glow)"/>
  <circle cx="${sunX}" cy="${horizon - sunR * 1.6}" r="${sunR}" fill="${mood.sun}"/>
  <polygon points="${ridge(width, height, horizon - height * 0.12, height * 0.22, random)}" fill="${mood.hills[0]}"/>
  <polygon points="${ridge(width, height, horizon - height * 0.04, height * 0.16, random)}" fill="${mood.hills[1]}"/>
  <polygon points="${ridge(width, height, horizon + height * 0.02, height * 0.1, random)}" fill="${mood.hills[2]}"/>
  <rect y="${horizon + height * 0.02}" width="${width}" height="${height - horizon}" fill="url(#water)"/>
  ${ripples}
</svg>`;
}

/** A tall scene: a lighthouse on a cliff under a graded sky. */
function portraitSvg(width: number, height: number): string {
  const mood = MOODS.dusk!;
  const random = sequence(7);
  const clouds = Array.from({ length: 7 }, (_, i) => `<ellipse cx="${(random() * width).toFixed(0)}" cy="${(height * 0.08 + i * height * 0.06).toFixed(0)}" rx="${(width * (0.15 + random() * 0.2)).toFixed(0)}" ry="${(height * 0.012 + random() * 12).toFixed(0)}" fill="#FFFFFF" opacity="${(0.12 + random() * 0.2).toFixed(2)}"/>`).join('');
  const towerX = width * 0.58;
  const top = height * 0.34;
  const base = height * 0.72;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mood.sky[0]}"/><stop offset="0.6" stop-color="${mood.sky[1]}"/><stop offset="1" stop-color="${mood.sky[2]}"/></linearGradient>
    <radialGradient id="beam"><stop offset="0" stop-color="#FFF3C4" stop-opacity="0.85"/><stop offset="1" stop-color="#FFF3C4" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  ${clouds}
  <circle cx="${towerX}" cy="${top + 30}" r="${width * 0.35}" fill="url(#beam)"/>
  <polygon points="${towerX - 60},${base} ${towerX - 38},${top + 60} ${towerX + 38},${top + 60} ${towerX + 60},${base}" fill="#F4EFE6"/>
  <polygon points="${towerX - 52},${base - 120} ${towerX - 48},${base - 200} ${towerX + 48},${base - 200} ${towerX + 52},${base - 120}" fill="#C0392B"/>
  <polygon points="${towerX - 44},${top + 260} ${towerX - 41},${top + 190} ${towerX + 41},${top + 190} ${towerX + 44},${top + 260}" fill="#C0392B"/>
  <rect x="${towerX - 30}" y="${top}" width="60" height="60" rx="6" fill="#FFE9A8"/>
  <polygon points="${towerX - 42},${top} ${towerX},${top - 50} ${towerX + 42},${top}" fill="#2D2A32"/>
  <path d="M0 ${base - 40} Q ${width * 0.3} ${base - 90} ${width * 0.55} ${base} T ${width} ${base + 30} L ${width} ${height} L 0 ${height} Z" fill="${mood.hills[2]}"/>
  <rect y="${base + 120}" width="${width}" height="${height - base}" fill="${mood.water}" opacity="0.85"/>
</svg>`;
}

/** A product cut-out on transparency: a glass bottle with a cap and a label. */
function productSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">
  <defs>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0E7490"/><stop offset="0.35" stop-color="#67E8F9"/><stop offset="0.55" stop-color="#22D3EE"/><stop offset="1" stop-color="#155E75"/></linearGradient>
    <linearGradient id="cap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#3F3F46"/><stop offset="0.45" stop-color="#D4D4D8"/><stop offset="1" stop-color="#27272A"/></linearGradient>
  </defs>
  <g transform="translate(500 515) scale(1.15) translate(-500 -515)">
  <rect x="420" y="120" width="160" height="150" rx="18" fill="url(#cap)"/>
  <rect x="445" y="260" width="110" height="60" fill="#0E7490"/>
  <rect x="300" y="310" width="400" height="600" rx="90" fill="url(#glass)"/>
  <rect x="340" y="350" width="34" height="480" rx="17" fill="#FFFFFF" opacity="0.35"/>
  <rect x="360" y="520" width="280" height="210" rx="14" fill="#FFFBEB"/>
  <rect x="400" y="560" width="200" height="26" rx="6" fill="#0F172A"/>
  <rect x="420" y="606" width="160" height="14" rx="6" fill="#64748B"/>
  <rect x="440" y="640" width="120" height="14" rx="6" fill="#94A3B8"/>
  <circle cx="500" cy="690" r="14" fill="#F59E0B"/>
  </g>
</svg>`;
}

/** An emblem: a rounded badge with a spark, shapes only. */
const EMBLEM_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#F97316"/><stop offset="1" stop-color="#DB2777"/></linearGradient></defs>
  <rect x="16" y="16" width="480" height="480" rx="120" fill="url(#g)"/>
  <path d="M256 86 L292 210 L420 256 L292 302 L256 426 L220 302 L92 256 L220 210 Z" fill="#FFFFFF"/>
  <circle cx="382" cy="130" r="30" fill="#FFFFFF" opacity="0.85"/>
</svg>`;

/** A very wide wordmark logo: a solid pill with a mark and the name. */
function wideLogoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="600" viewBox="0 0 3000 600">
  <rect x="0" y="0" width="3000" height="600" rx="300" fill="#0F766E"/>
  <circle cx="300" cy="300" r="190" fill="#FDE68A"/>
  <path d="M300 160 L360 300 L300 440 L240 300 Z" fill="#0F766E"/>
  <text x="560" y="395" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="290" letter-spacing="30" fill="#FFFFFF">NORTHWIND</text>
</svg>`;
}

const dataUrl = (mime: string, buffer: Buffer) => `data:${mime};base64,${buffer.toString('base64')}`;
const render = (svg: string) => sharp(Buffer.from(svg));

const [landscape, portrait, product, wideLogo, ...moods] = await Promise.all([
  render(landscapeSvg(1600, 900, MOODS.dusk!, 3)).jpeg({ quality: 82 }).toBuffer(),
  render(portraitSvg(900, 1600)).png({ palette: true, colors: 200 }).toBuffer(),
  render(productSvg(1000)).webp({ quality: 85, alphaQuality: 90 }).toBuffer(),
  render(wideLogoSvg()).png({ palette: true }).toBuffer(),
  ...(['noon', 'dawn', 'night', 'forest', 'desert'] as const).map((mood, i) => render(landscapeSvg(1200, 800, MOODS[mood]!, 11 + i)).jpeg({ quality: 78 }).toBuffer()),
]);

/** Every sample image by name. */
export const MEDIA_ASSETS: Record<string, string> = {
  'photo-landscape': dataUrl('image/jpeg', landscape!),
  'photo-portrait': dataUrl('image/png', portrait!),
  'product-webp': dataUrl('image/webp', product!),
  'logo-svg': dataUrl('image/svg+xml', Buffer.from(EMBLEM_SVG)),
  'logo-wide': dataUrl('image/png', wideLogo!),
  ...Object.fromEntries(moods.map((buffer, i) => [`photo-${['noon', 'dawn', 'night', 'forest', 'desert'][i]}`, dataUrl('image/jpeg', buffer)])),
};

/** The named assets a case uses. */
function assetsOf(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, MEDIA_ASSETS[name]!]));
}

/** Images, footage shots, logo reveal, quote, kinetic headline, lower third. */
export const MEDIA_CASES: GalleryCase[] = [
  {
    name: 'kinetic-headline',
    typography: true,
    code: sceneFor('KineticHeadline'),
    settings: { text: 'Great products are built by small teams who ship every single week', emphasis: 'ship every single week', kicker: 'Our manifesto' },
  },
  { name: 'kinetic-short', typography: true, code: sceneFor('KineticHeadline'), settings: { text: 'Less noise. More signal.', emphasis: 'signal' } },
  {
    name: 'kinetic-long-words',
    typography: true,
    code: sceneFor('KineticHeadline'),
    settings: { text: 'Internationalization and accessibility are non-negotiable responsibilities for every multidisciplinary engineering organization', emphasis: 'non-negotiable', kicker: 'Principle 04' },
  },
  { name: 'quote', typography: true, code: sceneFor('Quote'), settings: { quote: 'Simplicity is the ultimate sophistication.', author: 'Leonardo da Vinci', role: 'Painter, engineer and inventor' } },
  {
    name: 'quote-long',
    typography: true,
    code: sceneFor('Quote'),
    settings: {
      quote:
        'We switched our whole onboarding to short videos generated from our docs, and within a quarter support tickets from new customers dropped by almost half. The team finally spends its time on the hard questions instead of the same five answers.',
      author: 'Priyanka Venkataraman-Schultz',
      role: 'Director of Customer Education, Northwind Analytics',
    },
  },
  {
    name: 'lower-third',
    sitsAside: true,
    code: sceneFor('LowerThird', ['image']),
    settings: { name: 'Dr. Amara Okonkwo', role: 'Chief Climate Scientist, Northwind Institute', image: 'photo-landscape', title: 'Interview' },
    assets: assetsOf('photo-landscape'),
  },
  { name: 'lower-third-plain', sitsAside: true, code: sceneFor('LowerThird'), settings: { name: 'Jordan Lee', role: 'Head of Design' } },
  {
    name: 'lower-third-long-name',
    sitsAside: true,
    code: sceneFor('LowerThird'),
    settings: {
      name: 'Maximiliane Alexandra von Hohenzollern-Sigmaringen',
      role: 'Senior Vice President of International Partnerships and Strategic Alliances',
      title: 'The future of cross-border work',
    },
  },
  {
    name: 'lower-third-portrait-photo',
    sitsAside: true,
    code: sceneFor('LowerThird', ['image']),
    settings: { name: 'Sam Ortega', role: 'Lighthouse keeper since 1998', image: 'photo-portrait' },
    assets: assetsOf('photo-portrait'),
  },
  {
    name: 'image-frame-ken-burns',
    code: sceneFor('ImageFrame', ['image']),
    settings: { image: 'photo-landscape', mode: 'ken-burns', heading: 'Lake Bled at dusk', caption: 'The light changes every ten minutes after sunset, so plan the shot before you arrive' },
    assets: assetsOf('photo-landscape'),
  },
  {
    name: 'image-frame-caption-only',
    code: sceneFor('ImageFrame', ['image']),
    settings: { image: 'photo-portrait', caption: 'Point Reyes lighthouse, 1870' },
    assets: assetsOf('photo-portrait'),
  },
  {
    name: 'image-frame-contain',
    code: sceneFor('ImageFrame', ['image']),
    settings: { image: 'product-webp', mode: 'contain', heading: 'Meet Aurora, the refillable bottle', caption: 'Recycled glass, a steel cap and a label you can peel off and reuse' },
    assets: assetsOf('product-webp'),
  },
  {
    name: 'image-frame-contain-portrait',
    code: sceneFor('ImageFrame', ['image']),
    settings: { image: 'photo-portrait', mode: 'contain', heading: 'Shot on the new Pixel camera' },
    assets: assetsOf('photo-portrait'),
  },
  {
    name: 'image-split',
    code: sceneFor('ImageSplit', ['image']),
    settings: { image: 'photo-landscape', heading: 'Plan trips around the light', text: 'Golden hour lasts longer in the north in summer. Our planner shows sunrise, sunset and blue hour for every stop on your route.' },
    assets: assetsOf('photo-landscape'),
  },
  {
    name: 'image-split-portrait-image',
    code: sceneFor('ImageSplit', ['image']),
    settings: { image: 'photo-portrait', side: 'right', heading: 'Coastal heritage, restored', text: 'Volunteers rebuilt the lamp room by hand over three winters.' },
    assets: assetsOf('photo-portrait'),
  },
  {
    name: 'image-grid-6',
    code: sceneFor('ImageGrid', ['images[]']),
    settings: {
      heading: 'Six places, one summer',
      images: ['photo-landscape', 'photo-noon', 'photo-dawn', 'photo-night', 'photo-forest', 'photo-desert'],
      captions: ['Lake Bled', 'Lofoten', 'Cappadocia at sunrise', 'Atacama night sky', 'Black Forest', 'Wadi Rum'],
    },
    assets: assetsOf('photo-landscape', 'photo-noon', 'photo-dawn', 'photo-night', 'photo-forest', 'photo-desert'),
  },
  {
    name: 'image-grid-2',
    code: sceneFor('ImageGrid', ['images[]']),
    settings: { heading: 'Before and after the restoration', images: ['photo-night', 'photo-portrait'] },
    assets: assetsOf('photo-night', 'photo-portrait'),
  },
  {
    name: 'image-grid-3-captions',
    code: sceneFor('ImageGrid', ['images[]']),
    settings: { images: ['photo-forest', 'product-webp', 'photo-desert'], captions: ['Grown in the Black Forest', 'Bottled by hand', 'Shipped worldwide in recycled packaging'] },
    assets: assetsOf('photo-forest', 'product-webp', 'photo-desert'),
  },
  {
    name: 'logo-reveal',
    code: sceneFor('LogoReveal', ['logo']),
    settings: { logo: 'logo-svg', name: 'Sparkline', tagline: 'Analytics that explain themselves' },
    assets: assetsOf('logo-svg'),
    centred: true,
  },
  {
    name: 'logo-reveal-wide',
    code: sceneFor('LogoReveal', ['logo']),
    settings: { logo: 'logo-wide', name: 'Northwind Traders', tagline: 'Fair trade coffee, roasted in small batches and shipped the same week' },
    assets: assetsOf('logo-wide'),
    centred: true,
  },
  {
    name: 'footage-shot-photo',
    code: sceneFor('FootageShot', ['image']),
    settings: { image: 'photo-landscape', description: 'A lake at dusk below the hills', move: 'push-in', caption: 'Lake Bled, the hour before the lights' },
    assets: assetsOf('photo-landscape'),
  },
  {
    name: 'footage-shot-portrait-photo',
    code: sceneFor('FootageShot', ['image']),
    settings: { image: 'photo-portrait', description: 'A lighthouse on a cliff at dusk', move: 'tilt-up', caption: 'Point Reyes, 1870' },
    assets: assetsOf('photo-portrait'),
  },
  {
    name: 'footage-shot-drawn',
    code: sceneFor('FootageShot', ['image']),
    settings: { description: 'A delivery truck crossing the mountains at sunrise', move: 'orbit', caption: 'Same-day delivery, even up here' },
  },
  // Drawn from the library pictures its words name: each subject its own shot.
  {
    name: 'footage-shot-pictures',
    code: sceneFor('FootageShot', ['pictures[]']),
    settings: { description: 'Honeybees at work. A field of sunflowers in the morning.', move: 'push-in', caption: 'Honeybees at work', pictures: ['fluent-emoji-flat:honeybee', 'fluent-emoji-flat:sunflower', 'fluent-emoji-flat:blossom'] },
    assets: Object.fromEntries(['honeybee', 'sunflower', 'blossom'].map((name) => [`fluent-emoji-flat:${name}`, libraryPicture(`fluent-emoji-flat:${name}`)])),
  },
  {
    // Narrated: at the audited frame four callouts have drawn on and the fourth is spoken about.
    name: 'labelled-bicycle',
    code: sceneFor('LabelledIllustration'),
    durationInFrames: 240,
    settings: {
      title: 'Parts of a bicycle',
      picture: libraryPicture('fluent-emoji-flat:bicycle'),
      parts: [
        { label: 'Handlebars', detail: 'Steer and brake', at: { x: 0.33, y: 0.3 } },
        { label: 'Saddle', at: { x: 0.62, y: 0.3 } },
        { label: 'Front wheel', at: { x: 0.2, y: 0.66 } },
        { label: 'Pedals', detail: 'Turn the chain', at: { x: 0.5, y: 0.7 } },
        { label: 'Rear wheel', at: { x: 0.8, y: 0.66 } },
      ],
      narrationTiming: spokenAt('You steer with the handlebars and sit on the saddle. The front wheel follows, and the pedals drive the rear wheel.', 0.3, 0.25),
    },
  },
  {
    // Points spread around the picture by default; not narrated, so every callout has drawn on.
    name: 'labelled-teapot',
    code: sceneFor('LabelledIllustration'),
    settings: {
      title: 'A good teapot',
      kicker: 'Tea at home',
      picture: libraryPicture('fluent-emoji-flat:teapot'),
      parts: [{ label: 'Lid', detail: 'Keeps the heat in' }, { label: 'Spout', detail: 'Pours without dripping' }, { label: 'Handle' }, { label: 'Round body', detail: 'Room for the leaves to open' }],
    },
  },
  { name: 'labelled-untitled', code: sceneFor('LabelledIllustration'), settings: { parts: [{ label: 'Screen' }, { label: 'Camera' }, { label: 'Battery' }] } },
];

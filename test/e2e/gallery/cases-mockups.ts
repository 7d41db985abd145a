import { sceneFor, type GalleryCase } from './gallery.js';

const svgUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** A tall phone app screen: status bar, title, search field, a row of chips and a feed of order cards. */
function phoneAppSvg(): string {
  const width = 390;
  const cards = Array.from({ length: 9 }, (_, i) => {
    const y = 300 + i * 150;
    const hue = [210, 150, 28, 330, 260][i % 5];
    return `<rect x="20" y="${y}" width="350" height="130" rx="18" fill="#FFFFFF"/>
  <rect x="36" y="${y + 16}" width="98" height="98" rx="14" fill="hsl(${hue},70%,62%)"/>
  <circle cx="85" cy="${y + 65}" r="22" fill="#FFFFFF" opacity="0.55"/>
  <rect x="150" y="${y + 22}" width="${150 - (i % 3) * 22}" height="16" rx="8" fill="#1F2937"/>
  <rect x="150" y="${y + 50}" width="180" height="11" rx="5.5" fill="#9CA3AF"/>
  <rect x="150" y="${y + 70}" width="130" height="11" rx="5.5" fill="#CBD5E1"/>
  <rect x="150" y="${y + 92}" width="74" height="24" rx="12" fill="hsl(${hue},75%,92%)"/>`;
  }).join('\n');
  const height = 300 + 9 * 150 + 110;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#F1F5F9"/>
  <rect width="${width}" height="230" fill="#4F46E5"/>
  <rect x="24" y="18" width="44" height="12" rx="6" fill="#FFFFFF" opacity="0.9"/>
  <rect x="318" y="18" width="48" height="12" rx="6" fill="#FFFFFF" opacity="0.9"/>
  <rect x="24" y="70" width="190" height="30" rx="10" fill="#FFFFFF"/>
  <rect x="24" y="112" width="130" height="14" rx="7" fill="#C7D2FE"/>
  <circle cx="342" cy="84" r="24" fill="#FDE68A"/>
  <rect x="20" y="150" width="350" height="52" rx="26" fill="#FFFFFF"/>
  <circle cx="50" cy="176" r="10" fill="none" stroke="#9CA3AF" stroke-width="3"/>
  <rect x="72" y="170" width="160" height="12" rx="6" fill="#CBD5E1"/>
  <rect x="20" y="246" width="88" height="34" rx="17" fill="#4F46E5"/>
  <rect x="118" y="246" width="100" height="34" rx="17" fill="#E2E8F0"/>
  <rect x="228" y="246" width="80" height="34" rx="17" fill="#E2E8F0"/>
  ${cards}
  <rect y="${height - 90}" width="${width}" height="90" fill="#FFFFFF"/>
  ${[0, 1, 2, 3].map((i) => `<circle cx="${60 + i * 90}" cy="${height - 50}" r="14" fill="${i === 0 ? '#4F46E5' : '#CBD5E1'}"/>`).join('')}
</svg>`;
}

/** A 16:10 analytics dashboard: sidebar, figures, a line chart and a table. */
function dashboardSvg(): string {
  const points = [620, 560, 590, 500, 520, 430, 450, 380, 400, 330, 300, 260].map((y, i) => `${420 + i * 70},${y}`).join(' ');
  const rows = Array.from({ length: 4 }, (_, i) => {
    const y = 720 + i * 40;
    return `<rect x="340" y="${y}" width="220" height="12" rx="6" fill="#CBD5E1"/><rect x="700" y="${y}" width="120" height="12" rx="6" fill="#E2E8F0"/><rect x="1000" y="${y - 4}" width="${60 + i * 30}" height="20" rx="10" fill="${['#DCFCE7', '#FEF3C7', '#DBEAFE', '#FCE7F3'][i]}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="900" viewBox="0 0 1440 900">
  <rect width="1440" height="900" fill="#F8FAFC"/>
  <rect width="280" height="900" fill="#0F172A"/>
  <rect x="36" y="40" width="40" height="40" rx="10" fill="#22D3EE"/>
  <rect x="92" y="50" width="120" height="20" rx="10" fill="#E2E8F0"/>
  ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="36" y="${140 + i * 58}" width="${i === 1 ? 208 : 150}" height="${i === 1 ? 40 : 16}" rx="${i === 1 ? 10 : 8}" fill="${i === 1 ? '#1E293B' : '#334155'}"/>`).join('')}
  <rect x="320" y="36" width="420" height="28" rx="14" fill="#0F172A"/>
  <rect x="1180" y="30" width="200" height="44" rx="22" fill="#6366F1"/>
  ${[0, 1, 2, 3].map((i) => `<rect x="${320 + i * 272}" y="110" width="252" height="120" rx="16" fill="#FFFFFF" stroke="#E2E8F0"/><rect x="${344 + i * 272}" y="134" width="110" height="12" rx="6" fill="#94A3B8"/><rect x="${344 + i * 272}" y="166" width="${130 - i * 12}" height="34" rx="8" fill="${['#0F172A', '#6366F1', '#0EA5E9', '#10B981'][i]}"/>`).join('')}
  <rect x="320" y="260" width="1080" height="420" rx="18" fill="#FFFFFF" stroke="#E2E8F0"/>
  <rect x="350" y="288" width="220" height="16" rx="8" fill="#0F172A"/>
  ${[0, 1, 2, 3].map((i) => `<line x1="400" y1="${340 + i * 80}" x2="1380" y2="${340 + i * 80}" stroke="#EEF2F7" stroke-width="2"/>`).join('')}
  <polygon points="420,660 ${points} 1190,660" fill="#6366F1" opacity="0.12"/>
  <polyline points="${points}" fill="none" stroke="#6366F1" stroke-width="6" stroke-linejoin="round"/>
  <circle cx="1190" cy="260" r="0" fill="none"/>
  <circle cx="1120" cy="300" r="11" fill="#FFFFFF" stroke="#6366F1" stroke-width="5"/>
  <rect x="320" y="700" width="1080" height="180" rx="18" fill="#FFFFFF" stroke="#E2E8F0"/>
  ${rows}
</svg>`;
}

/** A 16:10 product landing page: nav, hero with a call to action and a product image, three feature cards. */
function landingSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="900" viewBox="0 0 1440 900">
  <defs><linearGradient id="h" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFF7ED"/><stop offset="1" stop-color="#FCE7F3"/></linearGradient></defs>
  <rect width="1440" height="900" fill="#FFFFFF"/>
  <rect width="1440" height="560" fill="url(#h)"/>
  <circle cx="90" cy="50" r="20" fill="#F97316"/>
  <rect x="124" y="40" width="130" height="20" rx="10" fill="#1F2937"/>
  ${[0, 1, 2, 3].map((i) => `<rect x="${760 + i * 120}" y="44" width="80" height="12" rx="6" fill="#6B7280"/>`).join('')}
  <rect x="1250" y="30" width="130" height="40" rx="20" fill="#1F2937"/>
  <rect x="90" y="170" width="560" height="54" rx="12" fill="#111827"/>
  <rect x="90" y="240" width="460" height="54" rx="12" fill="#111827"/>
  <rect x="90" y="330" width="500" height="16" rx="8" fill="#6B7280"/>
  <rect x="90" y="360" width="420" height="16" rx="8" fill="#9CA3AF"/>
  <rect x="90" y="420" width="200" height="58" rx="29" fill="#F97316"/>
  <rect x="310" y="420" width="170" height="58" rx="29" fill="none" stroke="#1F2937" stroke-width="3"/>
  <rect x="760" y="130" width="560" height="370" rx="28" fill="#FFFFFF"/>
  <rect x="790" y="160" width="500" height="200" rx="18" fill="#FED7AA"/>
  <circle cx="1040" cy="260" r="70" fill="#FB923C"/>
  <rect x="790" y="390" width="300" height="18" rx="9" fill="#1F2937"/>
  <rect x="790" y="424" width="220" height="14" rx="7" fill="#9CA3AF"/>
  ${[0, 1, 2].map((i) => `<rect x="${90 + i * 430}" y="610" width="400" height="240" rx="22" fill="#F9FAFB" stroke="#E5E7EB" stroke-width="2"/><circle cx="${150 + i * 430}" cy="670" r="30" fill="${['#F97316', '#EC4899', '#8B5CF6'][i]}"/><rect x="${120 + i * 430}" y="730" width="240" height="18" rx="9" fill="#1F2937"/><rect x="${120 + i * 430}" y="766" width="320" height="12" rx="6" fill="#9CA3AF"/><rect x="${120 + i * 430}" y="790" width="260" height="12" rx="6" fill="#D1D5DB"/>`).join('')}
</svg>`;
}

const PHONE_APP = svgUrl(phoneAppSvg());
const DASHBOARD = svgUrl(dashboardSvg());
const LANDING = svgUrl(landingSvg());

/** Screenshots in drawn devices: a tall app in a phone, a dashboard in a laptop, a page in a browser, a zoom, no screenshot. */
const DEVICE_CASES: GalleryCase[] = [
  {
    name: 'device-phone-scroll',
    code: sceneFor('DeviceMockup', ['image']),
    settings: { image: 'app', heading: 'Track every order from one app', caption: 'Live status, receipts and reorders in two taps' },
    assets: { app: PHONE_APP },
  },
  {
    name: 'device-laptop',
    code: sceneFor('DeviceMockup', ['image']),
    settings: { image: 'dashboard', device: 'laptop', heading: 'Your numbers, at a glance', caption: 'Revenue, churn and signups update every minute' },
    assets: { dashboard: DASHBOARD },
  },
  {
    name: 'device-browser',
    code: sceneFor('DeviceMockup', ['image']),
    settings: { image: 'landing', device: 'browser', url: 'https://sunny-bakery.example/order', heading: 'Order online, pick up warm' },
    assets: { landing: LANDING },
  },
  {
    name: 'device-zoom',
    code: sceneFor('DeviceMockup', ['image']),
    settings: { image: 'dashboard', motion: 'zoom', focus: { x: 0.22, y: 0.28, width: 0.56, height: 0.48 }, heading: 'Growth you can see', caption: 'Signups tripled after the new onboarding flow' },
    assets: { dashboard: DASHBOARD },
  },
  {
    name: 'device-empty',
    code: sceneFor('DeviceMockup'),
    settings: { device: 'phone', heading: 'Bald im App Store: Ihre Bestellungen immer dabei', caption: 'Jetzt für die Warteliste anmelden' },
  },
];

/** A brand mark: a rounded square with a rising chart line and a dot. */
const STING_LOGO = svgUrl(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#0EA5E9"/><stop offset="1" stop-color="#6366F1"/></linearGradient></defs>
  <rect x="10" y="10" width="380" height="380" rx="96" fill="url(#g)"/>
  <polyline points="80,280 160,200 220,240 320,120" fill="none" stroke="#FFFFFF" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="320" cy="120" r="30" fill="#FDE68A"/>
</svg>`);

/** Brand stings in each reveal style, and one with only a name. */
export const STING_CASES: GalleryCase[] = [
  ...(['draw', 'mask', 'particles'] as const).map((style) => ({
    name: `logo-sting-${style}`,
    code: sceneFor('LogoReveal', ['logo']),
    settings: { logo: 'mark', name: 'Lumen Analytics', tagline: 'See what your data is telling you', style },
    assets: { mark: STING_LOGO },
    centred: true,
  })),
  { name: 'logo-sting-name-only', code: sceneFor('LogoReveal'), settings: { name: 'Brotzeit & Co.', tagline: 'Handwerksbäckerei seit 1924' }, centred: true },
];

/** Gallery cases of the kit's mockups: screenshots in drawn devices and brand stings. */
export const MOCKUPS_CASES: GalleryCase[] = [...DEVICE_CASES, ...STING_CASES];

import type { SceneKind, SceneWriter, WriteSceneRequest } from '../provider-types.js';

/** A template: the kit component and the props it takes from settings (asset props by name). */
function template(component: string, props: string): string {
  return `import React from 'react';
import { ${component} } from '@kit';

export default function Scene({ theme, settings, assets }) {
  const asset = (name) => (typeof name === 'string' ? assets[name] : undefined);
  const text = (value) => (value === undefined || value === null || value === '' ? undefined : String(value));
  const list = (value) => (Array.isArray(value) ? value : []);
  return <${component} theme={theme} ${props} />;
}
`;
}

function chartTemplate(): string {
  return `import React from 'react';
import { BarChart, DonutChart, LineChart, PieChart } from '@kit';

const CHARTS = { bar: BarChart, line: LineChart, pie: PieChart, donut: DonutChart };

export default function Scene({ theme, settings }) {
  const Chart = CHARTS[settings.chart] ?? BarChart;
  return (
    <Chart
      theme={theme}
      title={String(settings.title ?? '')}
      labels={(settings.labels ?? []).map(String)}
      values={(settings.values ?? []).map(Number)}
      unit={settings.unit ? String(settings.unit) : undefined}
      callout={settings.callout && typeof settings.callout === 'object' && typeof settings.callout.text === 'string' ? settings.callout : undefined}
      valueLabel={settings.valueLabel ? String(settings.valueLabel) : undefined}
      source={settings.source ? String(settings.source) : undefined}
      kicker={settings.kicker ? String(settings.kicker) : undefined}
    />
  );
}
`;
}

/**
 * An infographic: flat settings (one per value a user may override) mapped onto the kit's
 * Infographic. Items are the numbered settings item1Label, item1Value, item1Prefix, item1Suffix, ...
 * A point's icon is picked from its label.
 */
function infographicTemplate(): string {
  return `import React from 'react';
import { Infographic } from '@kit';

function itemsOf(settings) {
  const items = [];
  for (let n = 1; typeof settings['item' + n + 'Label'] === 'string'; n += 1) {
    const at = (key) => settings['item' + n + key];
    items.push({
      label: String(at('Label')),
      value: Number(at('Value') ?? 0),
      prefix: at('Prefix') ? String(at('Prefix')) : undefined,
      suffix: at('Suffix') ? String(at('Suffix')) : undefined,
      icon: 'auto',
    });
  }
  return items;
}

export default function Scene({ theme, settings }) {
  const text = (value) => (typeof value === 'string' && value.trim() ? value : undefined);
  return (
    <Infographic
      theme={theme}
      headline={String(settings.headline ?? '')}
      subheadline={text(settings.subheadline)}
      kicker={text(settings.kicker)}
      visual={settings.visual ?? 'points'}
      items={itemsOf(settings)}
      unit={typeof settings.unit === 'string' ? settings.unit : undefined}
      valueLabel={text(settings.valueLabel)}
      source={text(settings.source)}
    />
  );
}
`;
}

/** A diagram node from settings: its label, detail line and library picture. */
const NODE = '(n) => ({ label: String(n?.label ?? \'\'), detail: text(n?.detail), picture: asset(n?.picture) })';

/** One side of a before-and-after from settings. */
const SIDE = '(s) => ({ label: String(s?.label ?? \'\'), points: list(s?.points).map(String), picture: asset(s?.picture) })';

/** Kit templates by scene kind: each reads its texts from `settings`, so code and content stay apart. */
const TEMPLATES: Record<SceneKind, string> = {
  title: template('TitleCard', 'title={String(settings.title ?? \'\')} subtitle={text(settings.subtitle)} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  kinetic: template('KineticHeadline', 'text={String(settings.text ?? \'\')} emphasis={text(settings.emphasis)} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  bullets: template('BulletList', 'heading={String(settings.heading ?? \'\')} items={list(settings.items).map(String)} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  steps: template('StepList', 'heading={String(settings.heading ?? \'\')} steps={list(settings.steps).map(String)} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  stat: template(
    'StatCounter',
    'value={Number(settings.value ?? 0)} prefix={String(settings.prefix ?? \'\')} suffix={String(settings.suffix ?? \'\')} decimals={Number(settings.decimals ?? 0)} label={String(settings.label ?? \'\')} source={text(settings.source)} picture={asset(settings.picture)}',
  ),
  chart: chartTemplate(),
  timeline: template('Timeline', 'title={String(settings.title ?? \'\')} events={list(settings.events).map((e) => ({ when: String(e.when), text: String(e.text) }))} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  comparison: template(
    'Comparison',
    'title={String(settings.title ?? \'\')} left={{ title: String(settings.left?.title ?? \'\'), points: list(settings.left?.points).map(String), picture: asset(settings.left?.picture) }} right={{ title: String(settings.right?.title ?? \'\'), points: list(settings.right?.points).map(String), picture: asset(settings.right?.picture) }} kicker={text(settings.kicker)} picture={asset(settings.picture)}',
  ),
  quote: template('Quote', 'quote={String(settings.quote ?? \'\')} author={text(settings.author)} role={text(settings.role)} picture={asset(settings.picture)}'),
  icons: template('IconGrid', 'title={String(settings.title ?? \'\')} items={list(settings.items).map((i) => ({ icon: String(i.icon), label: String(i.label), picture: asset(i.picture) }))} kicker={text(settings.kicker)}'),
  image: template('ImageFrame', 'image={asset(settings.image)} mode={settings.mode === \'contain\' ? \'contain\' : \'ken-burns\'} heading={text(settings.heading)} caption={text(settings.caption)}'),
  'image-split': template('ImageSplit', 'image={asset(settings.image)} heading={String(settings.heading ?? \'\')} text={text(settings.text)} side={settings.side === \'right\' ? \'right\' : \'left\'}'),
  'image-grid': template('ImageGrid', 'images={list(settings.images).map(asset).filter(Boolean)} heading={text(settings.heading)} captions={settings.captions ? list(settings.captions).map(String) : undefined}'),
  'lower-third': template('LowerThird', 'name={String(settings.name ?? \'\')} role={text(settings.role)} title={text(settings.title)} image={asset(settings.image)}'),
  logo: template('LogoReveal', 'logo={asset(settings.logo)} name={text(settings.name)} tagline={text(settings.tagline)} style={[\'draw\', \'mask\', \'particles\'].includes(settings.style) ? settings.style : undefined}'),
  infographic: infographicTemplate(),
  footage: template('FootageShot', 'description={String(settings.description ?? \'\')} image={asset(settings.image)} move={text(settings.move)} seed={text(settings.seed)} caption={text(settings.caption)} clip={asset(settings.clip)} clipSeconds={typeof settings.clipSeconds === \'number\' ? settings.clipSeconds : undefined} pictures={list(settings.pictures).map(asset).filter(Boolean)}'),
  cta: template('CallToAction', 'message={String(settings.message ?? \'\')} action={text(settings.action)} logo={asset(settings.logo)} picture={asset(settings.picture)}'),
  flow: template('FlowDiagram', `title={text(settings.title)} kicker={text(settings.kicker)} shape={['line', 'cycle', 'branch'].includes(settings.shape) ? settings.shape : 'line'} nodes={list(settings.nodes).map(${NODE})}`),
  hub: template('HubSpoke', `title={text(settings.title)} kicker={text(settings.kicker)} hub={(${NODE})(settings.hub ?? {})} spokes={list(settings.spokes).map(${NODE})}`),
  'stat-grid': template(
    'StatGrid',
    "title={text(settings.title)} kicker={text(settings.kicker)} stats={list(settings.stats).map((s) => ({ value: Number(s?.value ?? 0), prefix: text(s?.prefix), suffix: text(s?.suffix), decimals: Number(s?.decimals ?? 0), label: String(s?.label ?? ''), picture: asset(s?.picture) }))}",
  ),
  pictogram: template('Pictogram', "title={text(settings.title)} kicker={text(settings.kicker)} count={Number(settings.count ?? 0)} total={Number(settings.total ?? 10)} label={String(settings.label ?? '')} picture={asset(settings.picture)}"),
  ranking: template(
    'Ranking',
    "title={text(settings.title)} kicker={text(settings.kicker)} unit={text(settings.unit)} items={list(settings.items).map((i) => ({ label: String(i?.label ?? ''), value: typeof i?.value === 'number' ? i.value : undefined, picture: asset(i?.picture) }))}",
  ),
  checklist: template('Checklist', "heading={String(settings.heading ?? '')} kicker={text(settings.kicker)} items={list(settings.items).map(String)} picture={asset(settings.picture)}"),
  'before-after': template('BeforeAfter', `title={text(settings.title)} kicker={text(settings.kicker)} before={(${SIDE})(settings.before)} after={(${SIDE})(settings.after)}`),
  map: template(
    'PlaceMap',
    "title={text(settings.title)} kicker={text(settings.kicker)} regions={list(settings.regions).map(String)} labels={settings.labels && typeof settings.labels === 'object' ? settings.labels : undefined} markers={list(settings.markers).map((m) => ({ label: String(m?.label ?? ''), lon: Number(m?.lon ?? 0), lat: Number(m?.lat ?? 0) }))} route={settings.route === true}",
  ),
  sequence: template(
    'SequenceDiagram',
    "title={text(settings.title)} kicker={text(settings.kicker)} actors={list(settings.actors).map((a) => ({ label: String(a?.label ?? ''), picture: asset(a?.picture) }))} messages={list(settings.messages).map((m) => ({ from: Number(m?.from ?? 0), to: Number(m?.to ?? 1), label: String(m?.label ?? '') }))}",
  ),
  'step-cards': template('StepCards', "heading={text(settings.heading)} kicker={text(settings.kicker)} steps={list(settings.steps).map((s) => ({ text: String(s?.text ?? ''), picture: asset(s?.picture) }))}"),
  labelled: template(
    'LabelledIllustration',
    "title={text(settings.title)} kicker={text(settings.kicker)} picture={asset(settings.picture)} parts={list(settings.parts).map((p) => ({ label: String(p?.label ?? ''), detail: text(p?.detail) }))}",
  ),
  'big-number': template(
    'BigNumber',
    "value={Number(settings.value ?? 0)} prefix={text(settings.prefix)} suffix={text(settings.suffix)} decimals={Number(settings.decimals ?? 0)} label={String(settings.label ?? '')} context={text(settings.context)} kicker={text(settings.kicker)} source={text(settings.source)} picture={asset(settings.picture)}",
  ),
  device: template(
    'DeviceMockup',
    "image={asset(settings.image)} device={['phone', 'laptop', 'browser'].includes(settings.device) ? settings.device : 'auto'} heading={text(settings.heading)} caption={text(settings.caption)} url={text(settings.url)} motion={['scroll', 'zoom', 'still'].includes(settings.motion) ? settings.motion : undefined}",
  ),
};

/** The embedded scene writer: fills the kit template of the planned kind. */
export class EmbeddedSceneWriter implements SceneWriter {
  readonly name = 'embedded';

  async writeScene(request: WriteSceneRequest): Promise<string> {
    return TEMPLATES[request.scene.kind];
  }
}

/** The code that replaces a scene whose written code failed its checks twice: a plain title card. */
export function fallbackSceneCode(): string {
  return TEMPLATES.title;
}

/** The kit template the embedded writer fills for a kind (what storyboard stills are drawn with). */
export function kitTemplate(kind: SceneKind): string {
  return TEMPLATES[kind];
}

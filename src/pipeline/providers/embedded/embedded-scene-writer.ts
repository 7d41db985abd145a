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

/** Kit templates by scene kind: each reads its texts from `settings`, so code and content stay apart. */
const TEMPLATES: Record<SceneKind, string> = {
  title: template('TitleCard', 'title={String(settings.title ?? \'\')} subtitle={text(settings.subtitle)} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  kinetic: template('KineticHeadline', 'text={String(settings.text ?? \'\')} emphasis={text(settings.emphasis)} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  bullets: template('BulletList', 'heading={String(settings.heading ?? \'\')} items={list(settings.items).map(String)} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  steps: template('StepList', 'heading={String(settings.heading ?? \'\')} steps={list(settings.steps).map(String)} kicker={text(settings.kicker)} picture={asset(settings.picture)}'),
  stat: template(
    'StatCounter',
    'value={Number(settings.value ?? 0)} prefix={String(settings.prefix ?? \'\')} suffix={String(settings.suffix ?? \'\')} decimals={Number(settings.decimals ?? 0)} label={String(settings.label ?? \'\')} source={text(settings.source)}',
  ),
  chart: chartTemplate(),
  timeline: template('Timeline', 'title={String(settings.title ?? \'\')} events={list(settings.events).map((e) => ({ when: String(e.when), text: String(e.text) }))} kicker={text(settings.kicker)}'),
  comparison: template(
    'Comparison',
    'title={String(settings.title ?? \'\')} left={{ title: String(settings.left?.title ?? \'\'), points: list(settings.left?.points).map(String) }} right={{ title: String(settings.right?.title ?? \'\'), points: list(settings.right?.points).map(String) }} kicker={text(settings.kicker)}',
  ),
  quote: template('Quote', 'quote={String(settings.quote ?? \'\')} author={text(settings.author)} role={text(settings.role)}'),
  icons: template('IconGrid', 'title={String(settings.title ?? \'\')} items={list(settings.items).map((i) => ({ icon: String(i.icon), label: String(i.label), picture: asset(i.picture) }))} kicker={text(settings.kicker)}'),
  image: template('ImageFrame', 'image={asset(settings.image)} mode={settings.mode === \'contain\' ? \'contain\' : \'ken-burns\'} heading={text(settings.heading)} caption={text(settings.caption)}'),
  'image-split': template('ImageSplit', 'image={asset(settings.image)} heading={String(settings.heading ?? \'\')} text={text(settings.text)} side={settings.side === \'right\' ? \'right\' : \'left\'}'),
  'image-grid': template('ImageGrid', 'images={list(settings.images).map(asset).filter(Boolean)} heading={text(settings.heading)} captions={settings.captions ? list(settings.captions).map(String) : undefined}'),
  'lower-third': template('LowerThird', 'name={String(settings.name ?? \'\')} role={text(settings.role)} title={text(settings.title)} image={asset(settings.image)}'),
  logo: template('LogoReveal', 'logo={asset(settings.logo)} name={text(settings.name)} tagline={text(settings.tagline)}'),
  infographic: infographicTemplate(),
  footage: template('FootageShot', 'description={String(settings.description ?? \'\')} image={asset(settings.image)} move={text(settings.move)} seed={text(settings.seed)} caption={text(settings.caption)} clip={asset(settings.clip)} clipSeconds={typeof settings.clipSeconds === \'number\' ? settings.clipSeconds : undefined}'),
  cta: template('CallToAction', 'message={String(settings.message ?? \'\')} action={text(settings.action)} logo={asset(settings.logo)}'),
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

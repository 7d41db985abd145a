import type { SceneKind, SceneWriter, WriteSceneRequest } from '../provider-types.js';

/** Kit templates by scene kind: each reads its texts from `settings`, so code and content stay apart. */
const TEMPLATES: Record<SceneKind, string> = {
  title: `import React from 'react';
import { TitleCard } from '@kit';

export default function Scene({ theme, settings }) {
  return (
    <TitleCard
      theme={theme}
      title={String(settings.title ?? '')}
      subtitle={settings.subtitle ? String(settings.subtitle) : undefined}
      kicker={settings.kicker ? String(settings.kicker) : undefined}
    />
  );
}
`,
  bullets: `import React from 'react';
import { BulletList } from '@kit';

export default function Scene({ theme, settings }) {
  const items = Array.isArray(settings.items) ? settings.items.map(String) : [];
  return <BulletList theme={theme} heading={String(settings.heading ?? '')} items={items} />;
}
`,
  stat: `import React from 'react';
import { StatCounter } from '@kit';

export default function Scene({ theme, settings }) {
  return (
    <StatCounter
      theme={theme}
      value={Number(settings.value ?? 0)}
      prefix={String(settings.prefix ?? '')}
      suffix={String(settings.suffix ?? '')}
      decimals={Number(settings.decimals ?? 0)}
      label={String(settings.label ?? '')}
    />
  );
}
`,
  cta: `import React from 'react';
import { CallToAction } from '@kit';

export default function Scene({ theme, settings }) {
  return (
    <CallToAction
      theme={theme}
      message={String(settings.message ?? '')}
      action={settings.action ? String(settings.action) : undefined}
    />
  );
}
`,
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

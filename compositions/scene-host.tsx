import React, { useEffect, useMemo, useState } from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as Remotion from 'remotion';
import { cancelRender, continueRender, delayRender } from 'remotion';
import * as Transitions from '@remotion/transitions';
import * as TransitionFade from '@remotion/transitions/fade';
import * as TransitionSlide from '@remotion/transitions/slide';
import * as TransitionWipe from '@remotion/transitions/wipe';
import * as Shapes from '@remotion/shapes';
import * as Paths from '@remotion/paths';
import * as Noise from '@remotion/noise';
import * as LayoutUtils from '@remotion/layout-utils';
import * as Kit from './kit';
import { loadKitFonts } from './kit/fonts';
import type { SceneProps } from './scene-props';

/**
 * The modules scene code may import: nothing else resolves. Keep in sync with
 * SCENE_IMPORT_ALLOWLIST in src/render/scene-code/check-scene-code.ts.
 */
const ALLOWED_MODULES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  remotion: Remotion,
  '@remotion/transitions': Transitions,
  '@remotion/transitions/fade': TransitionFade,
  '@remotion/transitions/slide': TransitionSlide,
  '@remotion/transitions/wipe': TransitionWipe,
  '@remotion/shapes': Shapes,
  '@remotion/paths': Paths,
  '@remotion/noise': Noise,
  '@remotion/layout-utils': LayoutUtils,
  '@kit': Kit,
};

type SceneComponent = React.ComponentType<Pick<SceneProps, 'theme' | 'settings' | 'assets'>>;

function evaluateScene(code: string): SceneComponent {
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const require = (name: string) => {
    if (!Object.hasOwn(ALLOWED_MODULES, name)) throw new Error(`scene code imports "${name}", which is not allowed`);
    return ALLOWED_MODULES[name];
  };
  // The scene's own code is checked before it gets here (no eval, Function, fetch or import());
  // this is the one place that turns the compiled text into a module.
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  const component = module.exports.default;
  if (typeof component !== 'function') throw new Error('scene code has no default-exported component');
  return component as SceneComponent;
}

/** Renders one scene: waits for the kit's fonts, evaluates the scene code, passes it its props. */
export const SceneHost: React.FC<SceneProps> = ({ code, theme, settings, assets }) => {
  const [fontsReady, setFontsReady] = useState(false);
  const [handle] = useState(() => delayRender('loading kit fonts'));
  useEffect(() => {
    loadKitFonts(theme)
      .then(() => {
        setFontsReady(true);
        continueRender(handle);
      })
      .catch((error: unknown) => cancelRender(error));
  }, [handle, theme]);
  const Scene = useMemo(() => evaluateScene(code), [code]);
  if (!fontsReady) return null;
  // Captions are the host's overlay, timed from the narration, whatever the scene's code draws.
  const captions = Array.isArray(settings.captions) ? (settings.captions as Kit.CaptionChunk[]) : undefined;
  return (
    <>
      <Scene theme={theme} settings={settings} assets={assets} />
      {captions ? <Kit.Captions theme={theme} chunks={captions} /> : null}
    </>
  );
};

// How compiled scene code becomes a component: shared by the render host (scene-host.tsx) and the
// app's live preview (app/player), so a preview runs exactly what a render runs.
import React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as Remotion from 'remotion';
import * as Transitions from '@remotion/transitions';
import * as TransitionFade from '@remotion/transitions/fade';
import * as TransitionSlide from '@remotion/transitions/slide';
import * as TransitionWipe from '@remotion/transitions/wipe';
import * as Shapes from '@remotion/shapes';
import * as Paths from '@remotion/paths';
import * as Noise from '@remotion/noise';
import * as LayoutUtils from '@remotion/layout-utils';
import * as Kit from './kit';
import type { SceneProps } from './scene-props';

/**
 * The modules scene code may import: nothing else resolves. Keep in sync with
 * SCENE_IMPORT_ALLOWLIST in src/render/scene-code/compile-scene.ts.
 */
export const ALLOWED_MODULES: Readonly<Record<string, unknown>> = {
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

/** A scene's default-exported component. */
export type SceneComponent = React.ComponentType<Pick<SceneProps, 'theme' | 'settings' | 'assets'>>;

/** Turns compiled scene code (CommonJS) into its component; throws when it imports outside the allowlist or exports none. */
export function evaluateScene(code: string): SceneComponent {
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

/** Every string in the scene's settings, so the fonts load the faces for the scripts it shows. */
export function textOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) textOf(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) textOf(item, out);
  return out;
}

/** The sample text fonts are loaded for: the settings' strings, capped. */
export function fontSampleText(settings: Record<string, unknown>): string {
  return textOf(settings).join(' ').slice(0, 4000);
}

/** Whether a value is a list of caption chunks, not a component's `captions` (an image grid's tile captions are strings). */
function isChunkList(value: unknown): value is Kit.CaptionChunk[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => item && typeof item === 'object' && typeof item.text === 'string' && typeof item.start === 'number');
}

/**
 * The captions the host burns in (timed from the narration), when the settings carry them: a track
 * with its style and place under `narrationCaptions`, or (jobs made before styles) a list of chunks
 * under `captions`, drawn clean at the bottom.
 */
export function captionsOf(settings: Record<string, unknown>): Kit.CaptionTrack | undefined {
  if (isChunkList(settings.captions)) return { style: 'clean', position: 'bottom', chunks: settings.captions };
  const captions = settings.narrationCaptions;
  if (!captions || typeof captions !== 'object' || !Array.isArray((captions as Kit.CaptionTrack).chunks)) return undefined;
  const track = captions as Kit.CaptionTrack;
  return {
    style: (['clean', 'bold', 'karaoke'] as const).includes(track.style) ? track.style : 'clean',
    position: (['bottom', 'middle', 'top'] as const).includes(track.position) ? track.position : 'bottom',
    chunks: track.chunks,
  };
}

import React, { useEffect, useMemo, useRef, useState } from 'react';
import { AbsoluteFill, cancelRender, continueRender, delayRender, useCurrentFrame } from 'remotion';
import * as Kit from './kit';
import { AUDIT_LOG_PREFIX, auditLayout } from './audit/layout-audit';
import { loadKitFonts } from './kit/fonts';
import { TextScaleContext } from './kit/fitted-text';
import { NarrationTimingContext, narrationTimingOf } from './kit/narration-build';
import { textScaleOf, themeWithSettings } from './kit/theme-settings';
import { captionsOf, evaluateScene, fontSampleText, type SceneComponent } from './scene-module';
import type { SceneProps } from './scene-props';

/**
 * After each frame is laid out, logs the layout audit of the scene (only when asked to). The
 * handle that holds the frame is taken while rendering, before any other is released, so the
 * frame is never captured (and the page never moves on) before its audit is logged.
 */
function useLayoutAudit(enabled: boolean, root: React.RefObject<HTMLDivElement | null>, ready: boolean, reportedFrame?: number): void {
  const current = useCurrentFrame();
  const frame = reportedFrame ?? current;
  const handle = useMemo(() => (enabled && ready ? delayRender(`auditing frame ${frame}`) : null), [enabled, ready, frame]);
  useEffect(() => {
    if (handle === null) return;
    // Two animation frames: layout and paint of this frame are done.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        try {
          if (root.current) console.log(AUDIT_LOG_PREFIX + JSON.stringify({ frame, ...auditLayout(root.current) }));
        } finally {
          continueRender(handle);
        }
      }),
    );
  }, [handle, frame, root]);
}

/** Cancels the render with the error a scene throws while rendering, so it fails at once with that error. */
class CancelOnError extends React.Component<{ children: React.ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    cancelRender(error);
  }

  override render(): React.ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** Renders one scene: waits for the kit's fonts, evaluates the scene code, passes it its props. */
export const SceneHost: React.FC<SceneProps> = ({ code, theme: packTheme, settings, assets, audit, auditFrame }) => {
  // Palette and font settings (an infographic's `settingsValues`) override the theme for the whole scene.
  const theme = useMemo(() => themeWithSettings(packTheme, settings), [packTheme, settings]);
  const [fontsReady, setFontsReady] = useState(false);
  const [handle] = useState(() => delayRender('loading kit fonts'));
  const root = useRef<HTMLDivElement>(null);
  const sampleText = useMemo(() => fontSampleText(settings), [settings]);
  const timing = useMemo(() => narrationTimingOf(settings), [settings]);
  useEffect(() => {
    loadKitFonts(theme, sampleText)
      .then(() => setFontsReady(true))
      .catch((error: unknown) => cancelRender(error));
  }, [theme, sampleText]);
  // Released once the scene is in the page (after the commit that shows it), not when the fonts
  // resolve: no frame is captured between the two.
  useEffect(() => {
    if (fontsReady) continueRender(handle);
  }, [fontsReady, handle]);
  // Code that cannot be evaluated fails the render at once with its own error (not a font-loading
  // timeout 28 s later): the render is cancelled with it.
  const evaluated = useMemo((): { Scene: SceneComponent } | { error: unknown } => {
    try {
      return { Scene: evaluateScene(code) };
    } catch (error) {
      return { error };
    }
  }, [code]);
  useEffect(() => {
    if ('error' in evaluated) cancelRender(evaluated.error);
  }, [evaluated]);
  useLayoutAudit(audit === true, root, fontsReady, auditFrame);
  if (!fontsReady || 'error' in evaluated) return null;
  const { Scene } = evaluated;
  // Captions are the host's overlay, timed from the narration, whatever the scene's code draws.
  return (
    <AbsoluteFill ref={root}>
      <Kit.CaptionedScene theme={theme} track={captionsOf(settings)}>
        <CancelOnError>
          <TextScaleContext.Provider value={textScaleOf(settings)}>
            <NarrationTimingContext.Provider value={timing}>
              <Scene theme={theme} settings={settings} assets={assets} />
            </NarrationTimingContext.Provider>
          </TextScaleContext.Provider>
        </CancelOnError>
      </Kit.CaptionedScene>
    </AbsoluteFill>
  );
};

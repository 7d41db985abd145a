// One scene in the live preview: the same evaluation, theme and fonts as a render's scene host
// (compositions/scene-module.ts), but a scene that throws shows an error card instead of cancelling.
import React, { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { AbsoluteFill, useVideoConfig } from 'remotion';
import { CaptionedScene } from '../../compositions/kit/captions';
import { loadKitFonts } from '../../compositions/kit/fonts';
import { themeWithSettings } from '../../compositions/kit/theme-settings';
import { captionsOf, evaluateScene, fontSampleText, type SceneComponent } from '../../compositions/scene-module';
import type { Theme } from '../../compositions/scene-props';

/** Reports a scene's failure (evaluation, fonts or rendering) to whoever shows the preview. */
export const SceneErrorContext = createContext<(sceneId: string, message: string) => void>(() => undefined);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Evaluated = { Scene: SceneComponent } | { error: string };

// The app posts the same preview again on every poll: a scene's code is evaluated once.
const evaluatedByCode = new Map<string, Evaluated>();
const MAX_CACHED = 64;

function evaluateOnce(code: string): Evaluated {
  let result = evaluatedByCode.get(code);
  if (!result) {
    try {
      result = { Scene: evaluateScene(code) };
    } catch (error) {
      result = { error: messageOf(error) };
    }
    if (evaluatedByCode.size >= MAX_CACHED) evaluatedByCode.delete(evaluatedByCode.keys().next().value!);
    evaluatedByCode.set(code, result);
  }
  return result;
}

const cardStyle: React.CSSProperties = {
  justifyContent: 'center',
  alignItems: 'center',
  textAlign: 'center',
  padding: '6%',
  fontFamily: 'system-ui, sans-serif',
  gap: '0.6em',
};

/** A plain card of the scene's length: a scene still being written, or one that failed. */
export function SceneCard({ title, note, tone }: { title: string; note: string; tone: 'pending' | 'error' }) {
  // Sized from the canvas (the Player scales it to the frame), so a card reads the same at any shape.
  const { width, height } = useVideoConfig();
  const unit = Math.min(width, height) / 100;
  return (
    <AbsoluteFill style={{ ...cardStyle, background: tone === 'error' ? '#3B0D0D' : '#111827', color: '#F9FAFB' }} data-preview-card={tone}>
      <div style={{ fontSize: 7 * unit, fontWeight: 700 }}>{title}</div>
      <div style={{ fontSize: 4 * unit, opacity: 0.85 }}>{note}</div>
    </AbsoluteFill>
  );
}

/** Catches what a scene throws while rendering; starts over when the scene's inputs change. */
class SceneErrorBoundary extends React.Component<
  { resetKey: string; title: string; onError: (message: string) => void; children: React.ReactNode },
  { error?: string; resetKey: string }
> {
  constructor(props: SceneErrorBoundary['props']) {
    super(props);
    this.state = { resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: messageOf(error) };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { resetKey: string }): { error: undefined; resetKey: string } | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(messageOf(error));
  }

  override render(): React.ReactNode {
    return this.state.error === undefined ? this.props.children : <SceneCard title={this.props.title} note={`This scene failed: ${this.state.error}`} tone="error" />;
  }
}

/** What one scene plays with: its compiled code and a render's props. */
export interface PreviewSceneProps {
  sceneId: string;
  title: string;
  code: string;
  theme: Theme;
  settings: Record<string, unknown>;
  assets: Record<string, string>;
}

/** Plays one scene's compiled code, with its fonts loaded and the host's captions on top. */
export function PreviewScene({ sceneId, title, code, theme: packTheme, settings, assets }: PreviewSceneProps) {
  const report = useContext(SceneErrorContext);
  const theme = useMemo(() => themeWithSettings(packTheme, settings), [packTheme, settings]);
  const sampleText = useMemo(() => fontSampleText(settings), [settings]);
  const evaluated = evaluateOnce(code);
  // Fonts: the scene shows once the first load is done; later loads (new text or fonts from the
  // settings) happen while the previous frame stays up, so edits show without a blank flash.
  const [fonts, setFonts] = useState<{ ready: boolean; error?: string }>({ ready: false });
  useEffect(() => {
    let current = true;
    loadKitFonts(theme, sampleText).then(
      () => current && setFonts({ ready: true }),
      (error: unknown) => current && setFonts({ ready: true, error: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [theme, sampleText]);
  const resetKey = useMemo(() => [code, JSON.stringify(settings), theme.fonts.heading, theme.fonts.body].join('\0'), [code, settings, theme]);
  const failure = 'error' in evaluated ? evaluated.error : fonts.error;
  useEffect(() => {
    if (failure) report(sceneId, failure);
  }, [failure, report, sceneId]);
  if (failure) return <SceneCard title={title} note={`This scene failed: ${failure}`} tone="error" />;
  if (!fonts.ready || 'error' in evaluated) return <AbsoluteFill style={{ background: theme.palette.background ?? '#000' }} />;
  const { Scene } = evaluated;
  // As in a render: captions under or over the scene take their band, the scene is laid out in the rest.
  return (
    <SceneErrorBoundary resetKey={resetKey} title={title} onError={(message) => report(sceneId, message)}>
      <AbsoluteFill>
        <CaptionedScene theme={theme} track={captionsOf(settings)}>
          <Scene theme={theme} settings={settings} assets={assets} />
        </CaptionedScene>
      </AbsoluteFill>
    </SceneErrorBoundary>
  );
}

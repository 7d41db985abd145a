import { useId } from 'react';
import type { PreviewSceneData } from '../../player/preview-types.js';
import type { PictureCandidate } from './editor-types.js';
import { PicturePicker } from './picture-picker.js';
import { COLOR_ROLES, type SceneDraft } from './scene-draft.js';
import { inputColor, pictureLabel, scenePictures, sceneTexts, textLabel } from './scene-texts.js';

/** A record without one key. */
function without<T>(record: Record<number, T>, key: number): Record<number, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/**
 * The chosen scene's texts, picture, text colour and length as inputs over the draft, and the
 * video's colours. A value set back to what the scene has leaves the draft; the rest is sent
 * together as edit operations when the edit is made.
 */
export function SceneEditor({
  number,
  scene,
  durationSeconds,
  language,
  draft,
  onDraft,
}: {
  /** The scene's number in the source video. */
  number: number;
  scene: PreviewSceneData;
  durationSeconds: number;
  language: string | undefined;
  draft: SceneDraft;
  onDraft: (draft: SceneDraft) => void;
}) {
  const id = useId();
  const texts = sceneTexts(scene.settings);
  const ownTexts = draft.texts[number] ?? {};
  const setText = (key: string, original: string, value: string) => {
    const { [key]: _old, ...others } = ownTexts;
    const next = value === original ? others : { ...others, [key]: value };
    onDraft({ ...draft, texts: Object.keys(next).length === 0 ? without(draft.texts, number) : { ...draft.texts, [number]: next } });
  };
  const setSeconds = (value: string) => {
    const seconds = Math.round(Number(value) * 10) / 10;
    const keep = value.trim() !== '' && Number.isFinite(seconds) && seconds > 0 && Math.abs(seconds - durationSeconds) > 1e-6;
    onDraft({ ...draft, seconds: keep ? { ...draft.seconds, [number]: seconds } : without(draft.seconds, number) });
  };
  const textColor = draft.textColors[number] ?? inputColor(scene.settings.textColor) ?? inputColor(scene.theme.palette.text) ?? '#000000';
  const pictures = scenePictures(scene.settings);
  const picked = draft.pictures[number];
  const pick = (picture: PictureCandidate) => onDraft({ ...draft, pictures: { ...draft.pictures, [number]: { id: picture.id, name: picture.name } } });

  return (
    <div className="scene-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Scene {number}</h3>
      <fieldset>
        <legend>Texts</legend>
        {texts.length === 0 ? <p className="meta">This scene shows no text of its own.</p> : null}
        {texts.map((text) => (
          <div className="field" key={text.key}>
            <label htmlFor={`${id}-${text.key}`}>{textLabel(text.key)}</label>
            <input id={`${id}-${text.key}`} type="text" value={ownTexts[text.key] ?? text.text} maxLength={200} onChange={(event) => setText(text.key, text.text, event.target.value)} aria-invalid={(ownTexts[text.key] ?? text.text).trim() === '' ? true : undefined} />
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Picture</legend>
        <p>
          {picked !== undefined ? (
            <>
              New picture: <strong>{picked.name}</strong>{' '}
              <button type="button" onClick={() => onDraft({ ...draft, pictures: without(draft.pictures, number) })}>
                Keep the old one
              </button>
            </>
          ) : pictures.length > 0 ? (
            `Shows: ${pictures.map(pictureLabel).join(', ')}`
          ) : (
            'Shows no library picture; one you choose is added where the scene has room for it.'
          )}
        </p>
        <PicturePicker scene={number} language={language} onPick={pick} />
      </fieldset>
      <fieldset>
        <legend>Colours and length</legend>
        <div className="field-grid">
          <div className="field">
            <label htmlFor={`${id}-text-color`}>Text colour</label>
            <input id={`${id}-text-color`} type="color" value={textColor} onChange={(event) => onDraft({ ...draft, textColors: { ...draft.textColors, [number]: event.target.value } })} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-seconds`}>Length (seconds)</label>
            <input id={`${id}-seconds`} type="number" min={2} max={120} step={0.1} value={String(draft.seconds[number] ?? durationSeconds)} onChange={(event) => setSeconds(event.target.value)} />
          </div>
        </div>
        {draft.textColors[number] === undefined ? null : (
          <button type="button" onClick={() => onDraft({ ...draft, textColors: without(draft.textColors, number) })}>
            Keep the text colour
          </button>
        )}
      </fieldset>
      <fieldset>
        <legend>Video colours (every scene)</legend>
        <div className="field-grid">
          {COLOR_ROLES.map((role) => {
            const own = inputColor(scene.theme.palette[role]);
            return (
              <div className="field" key={role}>
                <label htmlFor={`${id}-${role}`}>{role.charAt(0).toUpperCase() + role.slice(1)} colour</label>
                <input
                  id={`${id}-${role}`}
                  type="color"
                  value={draft.colors[role] ?? own ?? '#000000'}
                  onChange={(event) => {
                    const { [role]: _old, ...others } = draft.colors;
                    onDraft({ ...draft, colors: event.target.value === own ? others : { ...others, [role]: event.target.value } });
                  }}
                />
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/error-notice.js';
import { useApi } from '../../session/session-context.js';
import type { PictureCandidate, PictureSearch } from './editor-types.js';

/** An SVG as an image source. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * Another library picture for a scene: words are searched in the node's picture library
 * (`GET /v1/pictures`), the candidates shown as buttons, and the one chosen becomes the draft's
 * picture (sent as a `set_picture` operation with its library id).
 */
export function PicturePicker({ scene, language, onPick }: { scene: number; language: string | undefined; onPick: (picture: PictureCandidate) => void }) {
  const api = useApi();
  const [words, setWords] = useState('');
  const [found, setFound] = useState<PictureCandidate[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (words.trim() === '') return;
    setBusy(true);
    setError(undefined);
    api.get<PictureSearch>('../v1/pictures', { q: words.trim(), limit: 8, ...(language ? { language } : {}) }).then(
      (answer) => {
        setFound(answer.pictures);
        setBusy(false);
      },
      (failure: unknown) => {
        setError(failure);
        setBusy(false);
      },
    );
  };
  return (
    <div className="picture-picker">
      <form className="picture-search" onSubmit={search} role="search" aria-label={`Pictures for scene ${scene}`}>
        <label>
          Find another picture
          <input type="search" value={words} onChange={(event) => setWords(event.target.value)} placeholder="honey jar" maxLength={80} />
        </label>
        <button type="submit" disabled={busy || words.trim() === ''}>
          {busy ? 'Searching…' : 'Search pictures'}
        </button>
      </form>
      <ErrorNotice error={error} />
      {found === undefined ? null : found.length === 0 ? (
        <p className="meta">The library has no picture of that; try another word (a single common noun finds the most).</p>
      ) : (
        <ul className="picture-candidates" aria-label="Pictures found">
          {found.map((picture) => (
            <li key={picture.id}>
              <button type="button" onClick={() => onPick(picture)} aria-label={`Use the picture ${picture.name}`} title={picture.id}>
                <img src={svgSource(picture.svg)} alt="" width={64} height={64} />
                <span>{picture.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useState } from 'react';
import { BrandMark } from './brand-mark.js';

/**
 * A list item's thumbnail: a small stored still of the item (`src`, an `/app/api/.../thumbnail`
 * URL), letterboxed in a 16:9 box; while there is none yet (404) or it fails to load, a neutral
 * placeholder with the product's mark. Decorative: the item's link beside it names the item.
 */
export function Thumbnail({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  return (
    <span className="thumb">
      {failed === src ? (
        <span className="thumb-empty" data-placeholder="true">
          <BrandMark size={28} />
        </span>
      ) : (
        <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />
      )}
    </span>
  );
}

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serveVideoAssets } from '../../src/render/worker/video-assets.js';
import type { SceneInputProps } from '../../src/render/worker/render-protocol.js';

function props(assets: Record<string, string>): SceneInputProps {
  return { code: '', theme: {}, settings: {}, assets, width: 320, height: 180, fps: 30, durationInFrames: 30 };
}

describe('serveVideoAssets', () => {
  it('serves each video data URL on loopback with its bytes and type, leaves other assets alone, and stops on release', async () => {
    const clip = randomBytes(300 * 1024);
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const served = await serveVideoAssets(props({ clip: `data:video/mp4;base64,${clip.toString('base64')}`, image }));
    const url = served.inputProps.assets.clip!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{64}\.mp4$/);
    expect(served.inputProps.assets.image).toBe(image);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer()).equals(clip)).toBe(true);

    // The same clip in two running tasks stays served until both release it.
    const again = await serveVideoAssets(props({ clip: `data:video/mp4;base64,${clip.toString('base64')}` }));
    expect(again.inputProps.assets.clip).toBe(url);
    served.release();
    expect((await fetch(url)).status).toBe(200);
    again.release();
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url.replace(/\/[0-9a-f]+\.mp4$/, '/../../etc/passwd'))).status).toBe(404);
  });

  it('returns props without video assets as they are', async () => {
    const plain = props({ image: 'data:image/png;base64,iVBORw0KGgo=' });
    expect((await serveVideoAssets(plain)).inputProps).toBe(plain);
  });
});

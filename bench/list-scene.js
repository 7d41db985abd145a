// The scene two benches render: a four-point list at 1280x720 in the corporate-clean pack, compiled
// from the embedded scene writer's code.
import { EmbeddedSceneWriter } from '../dist/pipeline/providers/embedded/embedded-scene-writer.js';
import { resolveTheme } from '../dist/pipeline/theme/resolve-theme.js';
import { compileScene } from '../dist/render/scene-code/compile-scene.js';

/** Input props of the list scene, `durationInFrames` long at 30 fps. */
export async function listSceneProps(durationInFrames) {
  const { code } = await compileScene(await new EmbeddedSceneWriter().writeScene({ scene: { kind: 'bullets' }, position: 0, sceneCount: 1 }));
  return {
    code,
    theme: resolveTheme({ prompt: '', animationStyle: 'corporate-clean' }),
    settings: { heading: 'Why teams switch to async standups', items: ['Fewer interruptions during deep work', 'Written updates everyone can search', 'Time zones stop mattering', 'Blockers surface the same day'] },
    assets: {},
    width: 1280,
    height: 720,
    fps: 30,
    durationInFrames,
  };
}

import type { AnimationStyles, BrandKit, Model, Voice } from '../../api/types.js';
import { useLoad, type Loaded } from '../../components/use-load.js';
import { useApi } from '../../session/session-context.js';

/** The live catalogs the New video form offers: models, styles, voices, the account's brand kits. */
export function useCatalogs(): {
  models: Loaded<{ models: Model[] }>;
  styles: Loaded<AnimationStyles>;
  voices: Loaded<{ voices: Voice[] }>;
  brandKits: Loaded<{ brand_kits: BrandKit[] }>;
} {
  const api = useApi();
  return {
    models: useLoad(() => api.get<{ models: Model[] }>('../v1/models'), 'models'),
    styles: useLoad(() => api.get<AnimationStyles>('../v1/animation-styles'), 'styles'),
    voices: useLoad(() => api.get<{ voices: Voice[] }>('../v1/voices'), 'voices'),
    brandKits: useLoad(() => api.get<{ brand_kits: BrandKit[] }>('../v1/brand-kits'), 'brand-kits'),
  };
}

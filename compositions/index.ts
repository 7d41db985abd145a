// Entry point of the Remotion bundle (built once per kit version by src/render/bundle).
import { registerRoot } from 'remotion';
import { Root } from './root';

registerRoot(Root);

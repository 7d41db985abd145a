// The package ships no types; the audio worker describes the parts it uses.
declare module '@echogarden/espeak-ng-emscripten' {
  const init: () => Promise<unknown>;
  export default init;
}

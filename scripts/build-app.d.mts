/** The files of one entry of the built app, as names inside the output folder. */
export interface AppEntryFiles {
  js: string;
  css?: string;
}

/** `dist/app/manifest.json`: each entry's hashed files. */
export interface AppManifest {
  main: AppEntryFiles;
  player: AppEntryFiles;
}

/** Builds the web app into `outDir` (default `dist/app`) and writes its manifest; returns the manifest. */
export function buildApp(options?: { outDir?: string; appRoot?: string }): Promise<AppManifest>;

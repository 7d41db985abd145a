/** The build's outputs that show a checkout is built. */
export const BUILT: string[];
/** Whether `prepare` builds: always, except under `npm exec` in a checkout already built. */
export function needsBuild(env: Record<string, string | undefined>, at?: string): boolean;

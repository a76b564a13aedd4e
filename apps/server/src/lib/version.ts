import serverPackage from '../../package.json';

declare const __TIDEMARK_BUILD_TIME__: number | undefined;

export const APP_VERSION: string = serverPackage.version;

/** When this server was built (set by build.mjs); the start time when running from source. */
export const BUILD_TIME: number =
  typeof __TIDEMARK_BUILD_TIME__ === 'number' ? __TIDEMARK_BUILD_TIME__ : Date.now();

/*
 * The live module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { LiveHub } from './live-hub';
export { publishLiveChanges } from './publish-live';

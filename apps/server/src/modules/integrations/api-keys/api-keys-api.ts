/*
 * The api-keys module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { revokeApiKeysOfUser } from './api-keys-service';

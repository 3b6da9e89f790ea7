/*
 * The returns module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { RETURN_RESOURCE, returnScopeCondition } from './returns-scope';

/*
 * The products module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { bundleComponentsOf } from './kit-components';
export { productResource } from './product-scope';
export { findProductInScope } from './products-service';

/*
 * The shipments module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { createShipment, rejectShipment, verifyShipment } from './shipments-service';

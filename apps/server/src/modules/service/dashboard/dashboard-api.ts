/*
 * The dashboard module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { DashboardCache } from './dashboard-cache';

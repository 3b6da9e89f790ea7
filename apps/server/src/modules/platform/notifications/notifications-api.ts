/*
 * The notifications module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { runEmailSender } from './background-email';
export { writeNotifications } from './notify';

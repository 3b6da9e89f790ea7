/*
 * What other modules ask of the activity log: record typed events in their transactions, find who an event
 * concerns, and read events within a reader's scope (timelines, the dashboard feed). They never import the
 * activity repositories themselves.
 */
export { type ActivityFilter, type ActivityItem, listActivity } from './activity-repository';
export { deleteRecorded } from './delete-recorded';
export {
  accountEventScope,
  type EventScope,
  mergeEventScopes,
  userEventScope,
} from './event-scope-repository';
export { type ActivityEvent, recordEvent } from './record-event';

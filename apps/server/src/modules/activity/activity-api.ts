/*
 * What other modules ask of the activity log: record typed events in their transactions, and read events within a
 * reader's scope (timelines, the dashboard feed). They never import the activity repository itself.
 */
export { type ActivityFilter, type ActivityItem, listActivity } from './activity-repository';
export { type ActivityEvent, recordEvent } from './record-event';

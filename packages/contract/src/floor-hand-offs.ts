import { z } from 'zod';
import { idSchema } from './ids';
import { safeString, tooLong } from './text';

/**
 * Hand to supervisor: a floor action the handheld queued offline and the server refused on replay ("needs
 * attention") is handed to the managers of its warehouse: an activity event and, through it, a notification.
 * Nothing is stored beyond those: the event is the record.
 */
export const HAND_OFF_ACTION_MAX = 300;
export const HAND_OFF_REFUSAL_MAX = 500;

export const HAND_OFF_MESSAGES = {
  handedOff: 'Handed to your supervisor.',
  warehouseRequired: 'Choose the warehouse of the action.',
  actionRequired: 'Say what the action was.',
  refusalRequired: 'Give the message the server answered.',
  madeAtInvalid: 'Give when the action was made, as a date and time.',
  floorPermissionRequired:
    'Only floor staff (picking, counting, moving, replenishing, putting away or packing stock) can hand an action to a supervisor.',
  notificationTitle: 'A floor action needs you',
} as const;

const requiredText = (max: number, required: string) =>
  safeString({ error: required }).trim().min(1, required).max(max, tooLong(max));

export const floorHandOffSchema = z.object({
  warehouse_id: idSchema(HAND_OFF_MESSAGES.warehouseRequired),
  /** The worker's words for the action, as the queue shows it: "Pick 1 × SKU at A-01-02". */
  action: requiredText(HAND_OFF_ACTION_MAX, HAND_OFF_MESSAGES.actionRequired),
  /** The server's refusal message the queue received on replay. */
  refusal: requiredText(HAND_OFF_REFUSAL_MAX, HAND_OFF_MESSAGES.refusalRequired),
  /** When the worker made the action on the device. */
  made_at: z.iso.datetime({ offset: true, error: HAND_OFF_MESSAGES.madeAtInvalid }),
});
export type FloorHandOff = z.infer<typeof floorHandOffSchema>;

export const floorHandOffResponse = z.object({ message: z.string() });

/** The notification text the managers read: "Dana could not sync: Pick 1 × SKU at A-01-02 — The task was cancelled." */
export const handOffText = (worker: string, action: string, refusal: string) =>
  `${worker} could not sync: ${action} — ${refusal}`;

import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_INFO, NOTIFICATION_KINDS, notificationKindsFor } from './notifications';

describe('notification kinds', () => {
  it('offers clients what concerns their accounts and staff what concerns their work', () => {
    expect(notificationKindsFor(true)).toEqual([
      'inquiry_answered',
      'shipment_verified',
      'shipment_rejected',
      'order_shipped',
      'webhook_disabled',
      'import_finished',
      'return_received',
    ]);
    expect(notificationKindsFor(false)).toEqual([
      'inquiry_assigned',
      'webhook_disabled',
      'import_finished',
      'short_pick',
      'floor_hand_off',
    ]);
  });

  it('shows every kind in the app by default except order shipped, which clients opt into', () => {
    expect(NOTIFICATION_KINDS.filter((kind) => !NOTIFICATION_KIND_INFO[kind].inAppByDefault)).toEqual([
      'order_shipped',
    ]);
  });
});

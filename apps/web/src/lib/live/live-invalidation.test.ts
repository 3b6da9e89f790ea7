import { describe, expect, it } from 'vitest';
import { invalidationPlan, isPlanned } from './live-invalidation';
import { createEventStreamParser, type StreamEvent } from './parse-event-stream';

const planned = (changes: Parameters<typeof invalidationPlan>[0], key: unknown[]) =>
  isPlanned(invalidationPlan(changes), { queryKey: key });

describe('live invalidation', () => {
  const shipped = { kind: 'order.status_changed', subject_type: 'order', ids: [7] };

  it('refetches the order lists, that order, the dashboard and notifications when an order changes', () => {
    expect(planned([shipped], ['orders', 'list', { w: 1 }, { page: 1 }])).toBe(true);
    expect(planned([shipped], ['orders', 'detail', 7])).toBe(true);
    expect(planned([shipped], ['dashboard', 'overview', { w: 1 }, 30])).toBe(true);
    expect(planned([shipped], ['notifications', 'unread'])).toBe(true);
    expect(planned([shipped], ['inventories', 'list'])).toBe(true);
  });

  it('leaves alone the detail of another order and the queries of other features', () => {
    expect(planned([shipped], ['orders', 'detail', 8])).toBe(false);
    expect(planned([shipped], ['users', 'list'])).toBe(false);
    expect(planned([shipped], ['shipments', 'list'])).toBe(false);
  });

  it('refetches the wave screens when picking changes: the wave, the supervisor view, the handheld', () => {
    const shorted = { kind: 'pick_task.shorted', subject_type: 'pick_task', ids: [41] };
    expect(planned([shorted], ['waves', 'detail', 3])).toBe(true);
    expect(planned([shorted], ['waves', 'list', 1, { status: 'picking' }])).toBe(true);
    expect(planned([shorted], ['waves', 'hospital', 1])).toBe(true);
    expect(planned([shorted], ['picking', 'wave', 3])).toBe(true);
    const released = { kind: 'wave.released', subject_type: 'wave', ids: [3] };
    expect(planned([released], ['waves', 'summary', 1])).toBe(true);
    expect(planned([released], ['waves', 'detail', 4])).toBe(false);
    expect(planned([released], ['orders', 'list', { w: 1 }, { page: 1 }])).toBe(true);
  });

  it("refetches a record's timeline only when its own record changed", () => {
    const answered = { kind: 'inquiry.updated', subject_type: 'inquiry', ids: [5] };
    expect(planned([answered], ['inquiries', 'timeline', 5])).toBe(true);
    expect(planned([answered], ['inquiries', 'timeline', 6])).toBe(false);
    expect(planned([answered], ['inquiries', 'list', { page: 1 }])).toBe(true);
  });

  it('refetches every detail when a change names no ids (bulk work)', () => {
    expect(planned([{ kind: 'order.created', subject_type: 'order', ids: [] }], ['orders', 'detail', 8])).toBe(true);
  });
});

describe('event stream parser', () => {
  it('reads events split across chunks, skips heartbeats and reports the retry hint', () => {
    const events: StreamEvent[] = [];
    const retries: number[] = [];
    const parse = createEventStreamParser({ onEvent: (e) => events.push(e), onRetry: (ms) => retries.push(ms) });
    parse('retry: 2000\n: connected\n\n: heartbeat\n\nevent: change\nda');
    parse('ta: {"kind":"order.created","ids":[1]}\n\n');
    expect(retries).toEqual([2000]);
    expect(events).toEqual([{ event: 'change', data: '{"kind":"order.created","ids":[1]}' }]);
  });
});

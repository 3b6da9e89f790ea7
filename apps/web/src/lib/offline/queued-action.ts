/**
 * A floor action made while the handheld had no network (or whose request got no answer), kept until the server
 * has answered it. `key` is its Idempotency-Key, made once when the action was made: a replay whose first attempt
 * did reach the server gets that first answer back instead of doing the work twice.
 */
export interface QueuedAction {
  /** Assigned by the store when queued: the replay order. */
  seq: number;
  key: string;
  /** Only the user who made an action ever sends it. */
  userId: number;
  /** The API path of the write (POST), e.g. `/waves/12/tasks/34/pick`, and its JSON body. */
  path: string;
  body: unknown;
  /** What the worker did, in their words: "Pick 3 × SKU-1 at A-01-02". */
  label: string;
  /**
   * The warehouse it was made in (the wave's, the count's, else the header's), for "Hand to supervisor": its
   * managers are told. Absent on actions queued before it was kept.
   */
  warehouseId?: number | null;
  createdAt: string;
  /** waiting: not answered yet; attention: the server refused it (its message in `problem`). */
  state: 'waiting' | 'attention';
  problem: string | null;
}

export type NewAction = Pick<QueuedAction, 'userId' | 'path' | 'body' | 'label' | 'warehouseId'>;

/** Where the queue lives (IndexedDB in the app, a Map in unit tests). `list` answers in `seq` order. */
export interface QueueStore {
  add(action: Omit<QueuedAction, 'seq'>): Promise<QueuedAction>;
  list(userId: number): Promise<QueuedAction[]>;
  put(action: QueuedAction): Promise<void>;
  remove(seq: number): Promise<void>;
}

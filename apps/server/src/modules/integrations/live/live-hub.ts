import { LIVE_EVENTS, type LiveChange } from '@wms/contract/live';
import type { Scope } from '../../../auth/scope';
import type { Listen } from '../../../db/listen';
import { mayHear } from './live-audience';
import { parseLiveNotice } from './live-notices';
import { LIVE_CHANNEL } from './live-repository';

/** One open stream: who it is for, and how to write to it. */
export interface LiveStream {
  userId: number;
  scope: Scope;
  /** Writes one server-sent event (`event:` + `data:` lines). */
  send(event: string, data: unknown): void;
  /** Ends the stream (after telling the browser why, if it still listens). */
  end(): void;
}

/**
 * The live streams of this API process: one LISTEN for all of them, each notice passed to the streams
 * whose caller may hear of it. The per-user cap counts this process's streams (like the rate limits, per process).
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly listen: Listen,
    private readonly maxStreamsPerUser: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.listen(LIVE_CHANNEL, {
      onPayload: (payload) => this.deliver(payload),
      onResync: () => this.broadcast(LIVE_EVENTS.resync, {}),
      onError: this.onError,
    });
  }

  /** Ends every stream (with `bye`: the browser reconnects to another process without refetching) and unlistens. */
  async stop(): Promise<void> {
    for (const stream of [...this.streams]) {
      stream.send(LIVE_EVENTS.bye, {});
      stream.end();
    }
    this.streams.clear();
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  /** Adds a stream unless its user already has the most allowed; answers the function that removes it. */
  open(stream: LiveStream): (() => void) | undefined {
    const open = [...this.streams].filter((s) => s.userId === stream.userId).length;
    if (open >= this.maxStreamsPerUser) return undefined;
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  private deliver(payload: string): void {
    const notice = parseLiveNotice(payload);
    if (!notice) return;
    const change: LiveChange = { kind: notice.kind, subject_type: notice.subjectType, ids: notice.ids };
    for (const stream of this.streams) {
      if (mayHear(stream.scope, notice)) stream.send(LIVE_EVENTS.change, change);
    }
  }

  private broadcast(event: string, data: unknown): void {
    for (const stream of this.streams) stream.send(event, data);
  }
}

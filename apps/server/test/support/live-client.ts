import { get, type IncomingMessage } from 'node:http';
import { expect } from 'vitest';

export interface LiveMessage {
  event: string;
  data: { kind?: string; subject_type?: string; ids?: number[] };
}

/**
 * A live-stream reader for API tests: GET /api/live over real HTTP (inject cannot stream), parsing server-sent
 * events as they arrive. `next(match)` resolves with the first message (received or still to come) matching.
 */
export interface LiveReader {
  status: number;
  headers: Headers;
  messages: LiveMessage[];
  /** Everything received so far, comments included. */
  text(): string;
  /** Resolves once the received text contains `fragment`. */
  received(fragment: string, timeoutMs?: number): Promise<void>;
  next(match: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  /** Resolves once the server has ended the stream (rejects if it has not within the time). */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function openLive(baseUrl: string, token: string): Promise<LiveReader> {
  // node:http without an agent: one socket per stream, gone with it (a pooled keep-alive socket would outlive the
  // test and hold the server's close).
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(`${baseUrl}/api/live`, { agent: false, headers: { authorization: `Bearer ${token}` } });
    request.on('response', resolve).on('error', reject);
  });
  const messages: LiveMessage[] = [];
  const waiters: { match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }[] = [];
  const push = (message: LiveMessage) => {
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.match(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  };
  let buffer = '';
  let all = '';
  const textWaiters: { fragment: string; resolve: () => void }[] = [];
  response.setEncoding('utf8');
  response.on('error', () => {});
  response.on('data', (chunk: string) => {
    if (response.statusCode !== 200) return;
    all += chunk;
    for (const waiter of textWaiters.filter((w) => all.includes(w.fragment))) {
      textWaiters.splice(textWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) push({ event, data: JSON.parse(data) });
      end = buffer.indexOf('\n\n');
    }
  });
  let hasEnded = false;
  const endWaiters: (() => void)[] = [];
  response.on('end', () => {
    hasEnded = true;
    for (const resolve of endWaiters.splice(0)) resolve();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
  return {
    status: response.statusCode ?? 0,
    headers,
    messages,
    text: () => all,
    received(fragment, timeoutMs = 5000) {
      if (all.includes(fragment)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${fragment}" in ${JSON.stringify(all)}`)), timeoutMs);
        textWaiters.push({
          fragment,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    next(match, timeoutMs = 5000) {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching live message; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    ended(timeoutMs = 5000) {
      if (hasEnded) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the stream is still open; got ${JSON.stringify(all)}`)),
          timeoutMs,
        );
        endWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    close: () => response.destroy(),
  };
}

/** A `change` message of this kind naming this id. */
export const changeOf = (kind: string, id: number) => (message: LiveMessage) =>
  message.event === 'change' && message.data.kind === kind && (message.data.ids ?? []).includes(id);

export const expectNoChangeOf = (reader: LiveReader, kind: string, id: number) =>
  expect(reader.messages.filter(changeOf(kind, id))).toEqual([]);

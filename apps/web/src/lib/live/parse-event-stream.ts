/** One server-sent event (the fields this app uses). */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (WHATWG §9.2, the subset the live stream sends): feed it chunks as they
 * arrive; it calls `onEvent` per complete event and `onRetry` for a `retry:` field. Comments (heartbeats) are
 * skipped.
 */
export function createEventStreamParser(handlers: {
  onEvent(event: StreamEvent): void;
  onRetry?(ms: number): void;
}): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replaceAll('\r\n', '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
      }
      if (data.length > 0) handlers.onEvent({ event, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
  };
}

import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers to a request: a status (and body), or 'hang' (never answers). */
export type ReceiverAnswer = number | { status: number; body: string } | 'hang';

/** A real HTTP webhook receiver on 127.0.0.1 for the tests; records every request it gets. */
export async function startReceiver(answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer = () => 204) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const reply = answer(request, received.length - 1);
      if (reply === 'hang') return;
      const { status, body } = typeof reply === 'number' ? { status: reply, body: '' } : reply;
      res.statusCode = status;
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    bodies: () =>
      received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

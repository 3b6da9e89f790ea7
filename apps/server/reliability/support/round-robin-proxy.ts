import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  base: string;
  /** Which upstream (0, 1, …) answered each request so far, in order: the tests check the alternation. */
  served: number[];
  close(): Promise<void>;
}

/**
 * The load balancer of the two-node tests: each request goes to the next upstream in turn (no stickiness, no
 * retries), body and answer streamed through unchanged. A deployment's balancer would do more; this is the
 * worst case for per-process state, since two consecutive requests of one user never reach the same node.
 */
export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const served: number[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const index = next++ % upstreams.length;
    served.push(index);
    const target = new URL(req.url ?? '/', upstreams[index]);
    const upstream = forward(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

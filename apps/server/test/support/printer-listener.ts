import { createServer, type Server } from 'node:net';

/**
 * A network label printer's raw port played by a local TCP listener on 127.0.0.1: each connection's bytes are
 * collected until the sender closes, and handed to whoever waits with `received()`, in the order they arrived.
 */
export interface PrinterListener {
  port: number;
  /** The next print job's bytes (waits until one arrives). */
  received(): Promise<Buffer>;
  /** How many jobs arrived so far. */
  count(): number;
  close(): Promise<void>;
}

export async function startPrinterListener(): Promise<PrinterListener> {
  const jobs: Buffer[] = [];
  const waiting: ((job: Buffer) => void)[] = [];
  let delivered = 0;
  const server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('end', () => {
      socket.end();
      const job = Buffer.concat(chunks);
      delivered++;
      const waiter = waiting.shift();
      if (waiter) waiter(job);
      else jobs.push(job);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('printer listener has no port');
  return {
    port: address.port,
    received: () => {
      const job = jobs.shift();
      return job ? Promise.resolve(job) : new Promise((resolve) => waiting.push(resolve));
    },
    count: () => delivered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A 127.0.0.1 port with nothing listening (a listener opened and closed again): connections to it are refused. */
export async function closedPort(): Promise<number> {
  const listener = await startPrinterListener();
  await listener.close();
  return listener.port;
}

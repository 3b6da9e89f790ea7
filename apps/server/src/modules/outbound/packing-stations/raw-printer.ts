import { Socket } from 'node:net';

export class PrinterUnreachableError extends Error {}

export interface RawPrintTarget {
  /** The checked address to connect to (never resolved again). */
  address: string;
  port: number;
  /** The host as the station names it, for the message a packer reads. */
  host: string;
}

/**
 * Sends bytes to a network label printer the way Zebra's raw port takes them (port 9100 by default): connect,
 * write, half-close. The printer answers nothing on that port, so success is every byte handed to the connection
 * and the connection closed in time; a refused, unreachable or silent printer is one error the packer can act on.
 */
export function sendRaw(target: RawPrintTarget, bytes: Buffer, timeoutMs: number): Promise<void> {
  const failure = () => new PrinterUnreachableError(`The printer at ${target.host}:${target.port} did not answer.`);
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const fail = () => {
      socket.destroy();
      if (!settled) {
        settled = true;
        reject(failure());
      }
    };
    // One deadline for the whole exchange (connect and write), not an idle timer a slow drip could keep alive.
    const deadline = setTimeout(fail, timeoutMs);
    // `on`, not `once`: an error after success (the printer resetting the finished connection) must not go unhandled.
    socket.on('error', () => {
      clearTimeout(deadline);
      fail();
    });
    socket.connect({ host: target.address, port: target.port }, () => {
      socket.end(bytes, () => {
        clearTimeout(deadline);
        if (!settled) {
          settled = true;
          resolve();
        }
        // Printers rarely close their side of the raw port: close ours after a grace period for the bytes in flight.
        const grace = setTimeout(() => socket.destroy(), 2000);
        grace.unref();
        socket.once('close', () => clearTimeout(grace));
      });
    });
  });
}

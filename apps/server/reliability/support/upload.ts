import { request as httpRequest } from 'node:http';

export interface InFlightUpload {
  /** Resolves once the whole body has been handed to the socket (the server has the upload, or soon will). */
  sent: Promise<void>;
  /** The answer, or the error of a connection the server dropped (a kill). */
  answer: Promise<{ statusCode: number; body: string } | { error: Error }>;
}

/**
 * A POST through node:http rather than fetch, because fetch cannot say when the request body has been sent:
 * the crash tests kill the server only after that, while the server is working on the request.
 */
export function postInFlight(url: string, headers: Record<string, string>, body: Buffer): InFlightUpload {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const answer = new Promise<{ statusCode: number; body: string } | { error: Error }>((resolve) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', (error) => resolve({ error }));
    });
    req.on('error', (error) => {
      markSent();
      resolve({ error });
    });
    req.end(body, markSent);
  });
  return { sent, answer };
}

/** CPU time (user + system, ms) a Linux process has used so far, from /proc/<pid>/stat. */
export async function cpuMillisOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces, hence the last ')'): utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

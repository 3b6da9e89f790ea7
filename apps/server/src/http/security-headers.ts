import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet's middleware sets with these options, computed once at start: none depends on the request (no
 * CSP nonces, no functions among the directives), so every answer gets the same map. @fastify/helmet rebuilt the
 * middleware on every request, parsing the Content-Security-Policy each time: 0.075 ms of the API's own ~2.5 ms CPU
 * on a 25-row orders page.
 */
export function securityHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

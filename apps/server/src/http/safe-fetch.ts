import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** DNS resolution; injectable so tests can map names to chosen addresses. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /**
   * TESTS ONLY: also allow exactly 127.0.0.1 (where a test's image server listens). Every other loopback address
   * stays refused, so tests can still prove loopback redirects are refused. Never set from configuration.
   */
  allowLoopbackForTests?: boolean;
}

export type ImageCheck = { ok: true; contentType: string; bytes: number } | { ok: false; reason: string };

export type ImageFetcher = (url: string) => Promise<ImageCheck>;

const DEFAULTS = { timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const defaultResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  dnsLookup(hostname, { all: true, verbatim: true });

class Refused extends Error {}

/**
 * Fetches an image from a user-supplied URL without becoming an SSRF proxy: http(s) only; the name is resolved
 * once and every address checked (a name with any internal address is refused); the connection goes to the
 * checked address (no second resolution a rebinding DNS server could change); each redirect (at most 3) is
 * checked the same way; the whole exchange has a deadline; the body is capped; only image/* is accepted.
 * The body is read and dropped: the caller only learns whether the URL really serves an image.
 */
export function createImageFetcher(options: SafeFetchOptions = {}): ImageFetcher {
  const settings = { ...DEFAULTS, ...options };
  const resolve = options.resolve ?? defaultResolve;
  const allowed = (address: string) =>
    isPublicAddress(address) || (options.allowLoopbackForTests === true && address === '127.0.0.1');

  async function pinnedAddress(url: URL): Promise<ResolvedAddress> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literal = isIP(host);
    const addresses = literal ? [{ address: host, family: literal }] : await resolve(host).catch(() => []);
    if (addresses.length === 0) throw new Refused('the host name could not be resolved');
    if (!addresses.every((a) => allowed(a.address))) throw new Refused('the address is not allowed');
    return addresses[0]!;
  }

  function request(url: URL, pinned: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolvePromise, reject) => {
      const req = client.get(url, { lookup, signal, headers: { accept: 'image/*' }, agent: false }, resolvePromise);
      req.on('error', reject);
    });
  }

  async function readCapped(response: IncomingMessage, maxBytes: number): Promise<number> {
    let bytes = 0;
    for await (const chunk of response) {
      bytes += (chunk as Buffer).length;
      if (bytes > maxBytes) {
        response.destroy();
        throw new Refused('the image is too large');
      }
    }
    return bytes;
  }

  return async function fetchImage(rawUrl: string): Promise<ImageCheck> {
    const signal = AbortSignal.timeout(settings.timeoutMs);
    try {
      let url = new URL(rawUrl);
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('only http and https are allowed');
        const response = await request(url, await pinnedAddress(url), signal);
        const location = response.headers.location;
        if (REDIRECTS.has(response.statusCode ?? 0) && location) {
          response.resume();
          if (hop >= settings.maxRedirects) throw new Refused('too many redirects');
          url = new URL(location, url);
          continue;
        }
        if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) > 299) {
          response.resume();
          throw new Refused(`the server answered ${response.statusCode}`);
        }
        const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
        if (!contentType.startsWith('image/')) {
          response.destroy();
          throw new Refused('the URL is not an image');
        }
        if (Number(response.headers['content-length'] ?? 0) > settings.maxBytes) {
          response.destroy();
          throw new Refused('the image is too large');
        }
        return { ok: true, contentType, bytes: await readCapped(response, settings.maxBytes) };
      }
    } catch (error) {
      if (error instanceof Refused) return { ok: false, reason: error.message };
      if (signal.aborted) return { ok: false, reason: 'the download timed out' };
      if (error instanceof TypeError) return { ok: false, reason: 'the URL is not valid' };
      return { ok: false, reason: 'the download failed' };
    }
  };
}

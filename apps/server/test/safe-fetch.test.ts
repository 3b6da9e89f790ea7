import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../src/http/address-policy';
import { createImageFetcher } from '../src/http/safe-fetch';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let server: Server;
let base: string;
let hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/image.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        return;
      case '/page.html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
        return;
      case '/huge.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(6 * 1024 * 1024) });
        res.end(Buffer.alloc(6 * 1024 * 1024));
        return;
      case '/huge-chunked.png':
        // No content-length: the cap must stop the download while it streams.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(6 * 1024 * 1024));
        return;
      case '/slow.png':
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 2000);
        return;
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/image.png' }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const testFetcher = (options = {}) => createImageFetcher({ allowLoopbackForTests: true, ...options });

describe('address policy', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    // IPv4-compatible (::/96) and IPv4-mapped/translated forms in every notation.
    '::127.0.0.1',
    '::7f00:1',
    '0:0:0:0:0:0:7f00:1',
    '::8.8.8.8',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('createImageFetcher', () => {
  it('refuses loopback by default, without connecting', async () => {
    hits = [];
    const result = await createImageFetcher()(`${base}/image.png`);
    expect(result).toEqual({ ok: false, reason: 'the address is not allowed' });
    expect(hits).toEqual([]);
    expect(await createImageFetcher()('http://localhost/image.png')).toEqual({
      ok: false,
      reason: 'the address is not allowed',
    });
  });

  it('refuses names that resolve to private or metadata addresses (any of them)', async () => {
    for (const addresses of [
      [{ address: '10.1.2.3', family: 4 }],
      [{ address: '169.254.169.254', family: 4 }],
      [
        { address: '93.184.216.34', family: 4 },
        { address: 'fd00::1', family: 6 },
      ],
    ]) {
      const fetchImage = createImageFetcher({ resolve: async () => addresses });
      expect(await fetchImage('http://images.example.com/a.png')).toEqual({
        ok: false,
        reason: 'the address is not allowed',
      });
    }
  });

  it('connects to the address it checked, not to a second resolution', async () => {
    // The name resolves to the test server; the request must go to that address, whatever the real DNS says.
    let resolutions = 0;
    const fetchImage = testFetcher({
      resolve: async () => {
        resolutions++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const port = new URL(base).port;
    expect(await fetchImage(`http://images.invalid:${port}/image.png`)).toMatchObject({ ok: true });
    expect(resolutions).toBe(1);
  });

  it('refuses other schemes and bad URLs', async () => {
    const fetchImage = testFetcher();
    expect(await fetchImage('file:///etc/passwd')).toEqual({ ok: false, reason: 'only http and https are allowed' });
    expect(await fetchImage('ftp://example.com/a.png')).toEqual({
      ok: false,
      reason: 'only http and https are allowed',
    });
    expect(await fetchImage('not a url')).toEqual({ ok: false, reason: 'the URL is not valid' });
  });

  it('accepts a real image from the (test-allowed) loopback server', async () => {
    expect(await testFetcher()(`${base}/image.png`)).toEqual({ ok: true, contentType: 'image/png', bytes: PNG.length });
  });

  it('refuses a page that is not an image', async () => {
    expect(await testFetcher()(`${base}/page.html`)).toEqual({ ok: false, reason: 'the URL is not an image' });
  });

  it('refuses an image over the size cap, declared or streamed', async () => {
    expect(await testFetcher()(`${base}/huge.png`)).toEqual({ ok: false, reason: 'the image is too large' });
    expect(await testFetcher()(`${base}/huge-chunked.png`)).toEqual({ ok: false, reason: 'the image is too large' });
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    expect(await testFetcher({ timeoutMs: 300 })(`${base}/slow.png`)).toEqual({
      ok: false,
      reason: 'the download timed out',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('follows a redirect to an allowed address', async () => {
    expect(await testFetcher()(`${base}/redirect?to=/image.png`)).toMatchObject({ ok: true });
  });

  it.each([
    'http://127.0.0.2/image.png',
    'http://[::1]/image.png',
    'http://[::127.0.0.1]/image.png',
    'http://[::ffff:7f00:1]/image.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/image.png',
  ])('refuses a redirect to %s (each hop is checked)', async (target) => {
    hits = [];
    const result = await testFetcher()(`${base}/redirect?to=${encodeURIComponent(target)}`);
    expect(result).toEqual({ ok: false, reason: 'the address is not allowed' });
    expect(hits).toHaveLength(1);
  });

  it('follows at most 3 redirects', async () => {
    const hop = (to: string) => `/redirect?to=${encodeURIComponent(to)}`;
    const three = hop(hop(hop('/image.png')));
    expect(await testFetcher()(`${base}${three}`)).toMatchObject({ ok: true });
    expect(await testFetcher()(`${base}${hop(three)}`)).toEqual({ ok: false, reason: 'too many redirects' });
  });
});

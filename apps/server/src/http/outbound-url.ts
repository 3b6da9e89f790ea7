import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-policy';
import type { ResolvedAddress } from './safe-fetch';

export interface OutboundUrlPolicy {
  /**
   * Local development only (WEBHOOK_ALLOW_LOCAL_URLS): http:// and loopback/private addresses are allowed. Off, only
   * https:// to public addresses (address-policy.ts) passes.
   */
  allowLocal: boolean;
  /** DNS resolution; injectable so tests can map names to chosen addresses. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export type OutboundUrlCheck =
  | { ok: true; url: URL; address: ResolvedAddress }
  | { ok: false; reason: 'invalid' | 'not_https' | 'not_public' | 'unresolvable' };

/** RFC 6761: names under `.invalid` never resolve, so no DNS server is asked about them. */
const NEVER_RESOLVES = /(^|\.)invalid\.?$/i;

const defaultResolve = async (hostname: string): Promise<ResolvedAddress[]> =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The outbound-address guard for URLs the server calls on a user's behalf (webhooks): the name is resolved once and
 * every address checked (a name with any internal address is refused, so a DNS answer mixing public and private
 * addresses cannot slip through); the caller connects to the returned address, never resolving again (no
 * rebinding between check and connection).
 */
export async function checkOutboundUrl(raw: string, policy: OutboundUrlPolicy): Promise<OutboundUrlCheck> {
  if (!URL.canParse(raw)) return { ok: false, reason: 'invalid' };
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(policy.allowLocal && url.protocol === 'http:')) {
    return { ok: false, reason: url.protocol === 'http:' ? 'not_https' : 'invalid' };
  }
  if (url.username || url.password) return { ok: false, reason: 'invalid' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (NEVER_RESOLVES.test(host)) return { ok: false, reason: 'unresolvable' };
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await (policy.resolve ?? defaultResolve)(host).catch(() => []);
  if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
  if (!policy.allowLocal && !addresses.every((a) => isPublicAddress(a.address))) {
    return { ok: false, reason: 'not_public' };
  }
  return { ok: true, url, address: addresses[0]! };
}

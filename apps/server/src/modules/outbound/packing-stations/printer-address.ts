import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isAllowedPrinterAddress, type NetworkPolicy } from './printer-networks-policy';

export interface PrinterAddressPolicy extends NetworkPolicy {
  /** DNS resolution; injectable so tests can map names to chosen addresses. */
  resolve?: (hostname: string) => Promise<{ address: string }[]>;
}

export type PrinterAddressCheck = { ok: true; address: string } | { ok: false; message: string };

/** RFC 6761: names under `.invalid` never resolve, so no DNS server is asked about them. */
const NEVER_RESOLVES = /(^|\.)invalid\.?$/i;

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Where a station's printer may be reached: its host (an address or a name) resolved once, and every address it
 * resolves to inside the warehouse's allow-listed networks (a name with one address outside is refused, so a DNS
 * answer cannot mix an allowed address with another). The caller connects to the returned address, never
 * resolving again, so a DNS change between check and connection cannot redirect the bytes.
 */
export async function checkPrinterAddress(
  host: string,
  networks: readonly string[],
  policy: PrinterAddressPolicy,
): Promise<PrinterAddressCheck> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (NEVER_RESOLVES.test(bare)) return { ok: false, message: `${host} does not resolve to an address.` };
  const addresses = isIP(bare)
    ? [{ address: bare }]
    : await (policy.resolve ?? defaultResolve)(bare).catch(() => [] as { address: string }[]);
  if (addresses.length === 0) return { ok: false, message: `${host} does not resolve to an address.` };
  const outside = addresses.find((a) => !isAllowedPrinterAddress(a.address, networks, policy));
  if (outside) {
    return {
      ok: false,
      message: `${outside.address} is not in this warehouse's printer networks: an admin adds its network first.`,
    };
  }
  return { ok: true, address: addresses[0]!.address };
}

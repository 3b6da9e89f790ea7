import { BlockList, isIP } from 'node:net';

/**
 * Which networks an admin may allow-list for a warehouse's label printers. Printers sit on the warehouse LAN, so
 * private ranges are the point of the allow-list; what stays closed whatever an admin types are the ranges the
 * server must never be steered into: unspecified, loopback (unless the installation's development setting allows
 * 127.0.0.0/8, where tests run their printers), link-local (the cloud metadata endpoint 169.254.169.254 among
 * them), the shared address space (100.64.0.0/10, which holds Alibaba's metadata endpoint), multicast, reserved and
 * broadcast addresses, IPv6 forms that embed an IPv4 address (so none of the above can be reached through them),
 * and AWS's IPv6 metadata address. A network overlapping any of these is refused, so 0.0.0.0/0 or 10.0.0.0/7
 * cannot smuggle them in. A LAN is never larger than a /8 (IPv4) or a /32 (IPv6), so wider networks are refused.
 */
const NEVER_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const LOOPBACK_V4: [string, number] = ['127.0.0.0', 8];
const NEVER_V6: readonly [string, number][] = [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['fd00:ec2::254', 128],
];
const WIDEST_PREFIX = { 4: 8, 6: 32 } as const;

export interface Cidr {
  network: string;
  prefix: number;
  family: 4 | 6;
}

export type NetworkCheck = { ok: true; cidr: string } | { ok: false; message: string };

/** The network address of `address` with its host bits cleared (10.20.3.4/16 → 10.20.0.0). */
function networkAddress(address: string, prefix: number, family: 4 | 6): string {
  if (family === 4) {
    const value = address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    const masked = (value & mask) >>> 0;
    return [24, 16, 8, 0].map((shift) => (masked >>> shift) & 255).join('.');
  }
  const words = expandV6(address);
  const out = words.map((word, i) => {
    const bits = Math.max(0, Math.min(16, prefix - i * 16));
    return bits === 0 ? 0 : word & ((0xffff << (16 - bits)) & 0xffff);
  });
  return compressV6(out);
}

function expandV6(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((w) => Number.parseInt(w, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  if (tail === undefined) return left;
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

function compressV6(words: number[]): string {
  // The longest run of zero words becomes "::" (RFC 5952), so equal networks are stored as equal text.
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > best.length && j - i > 1) best = { at: i, length: j - i };
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/** "10.20.0.0/16" (or a bare address, as a /32 or /128) parsed; null when it is not a network. */
export function parseCidr(text: string): Cidr | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const family = isIP(address);
  if (family !== 4 && family !== 6) return null;
  // IPv4 with leading zeros reads as octal to some tools: refuse it rather than guess.
  if (family === 4 && address.split('.').some((part) => part.length > 1 && part.startsWith('0'))) return null;
  if (family === 6 && address.includes('.')) return null;
  const max = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { network: networkAddress(address.toLowerCase(), prefix, family), prefix, family };
}

const formatCidr = (cidr: Cidr) => `${cidr.network}/${cidr.prefix}`;

function listOf(cidrs: readonly Cidr[]): BlockList {
  const list = new BlockList();
  for (const c of cidrs) list.addSubnet(c.network, c.prefix, c.family === 4 ? 'ipv4' : 'ipv6');
  return list;
}

const overlaps = (a: Cidr, b: Cidr) =>
  a.family === b.family &&
  (listOf([a]).check(b.network, a.family === 4 ? 'ipv4' : 'ipv6') ||
    listOf([b]).check(a.network, b.family === 4 ? 'ipv4' : 'ipv6'));

export interface NetworkPolicy {
  /** Development and tests only (PRINTER_ALLOW_LOOPBACK): 127.0.0.0/8 may be allow-listed. */
  allowLoopback: boolean;
}

function closedRanges(policy: NetworkPolicy): Cidr[] {
  const v4 = policy.allowLoopback ? NEVER_V4 : [...NEVER_V4, LOOPBACK_V4];
  return [
    ...v4.map(([network, prefix]) => ({ network, prefix, family: 4 as const })),
    ...NEVER_V6.map(([network, prefix]) => ({ network, prefix, family: 6 as const })),
  ];
}

/** Whether a typed network may be allow-listed, and its normalised text ("10.20.0.0/16"). */
export function checkPrinterNetwork(text: string, policy: NetworkPolicy): NetworkCheck {
  const cidr = parseCidr(text);
  if (!cidr) return { ok: false, message: 'Enter a network as an address and prefix, e.g. 10.20.0.0/16.' };
  if (cidr.prefix < WIDEST_PREFIX[cidr.family]) {
    return { ok: false, message: `A printer network can be at most a /${WIDEST_PREFIX[cidr.family]}.` };
  }
  const closed = closedRanges(policy).find((range) => overlaps(cidr, range));
  if (closed) {
    return {
      ok: false,
      message: `${formatCidr(cidr)} overlaps ${formatCidr(closed)}, which printers can never be reached in.`,
    };
  }
  return { ok: true, cidr: formatCidr(cidr) };
}

/**
 * Whether an address lies in one of the allow-listed networks. Networks that the policy closes (a loopback
 * network listed while the development setting was on, since turned off) count as not listed.
 */
export function isAllowedPrinterAddress(address: string, networks: readonly string[], policy: NetworkPolicy): boolean {
  const family = isIP(address);
  if (family !== 4 && family !== 6) return false;
  const open = networks
    .filter((text) => checkPrinterNetwork(text, policy).ok)
    .map(parseCidr)
    .filter((c): c is Cidr => c !== null);
  return listOf(open).check(address, family === 4 ? 'ipv4' : 'ipv6');
}

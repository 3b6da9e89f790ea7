import { BlockList, isIP } from 'node:net';

/**
 * Addresses the server must never fetch from on a user's behalf (SSRF): loopback, private, link-local (including
 * the cloud metadata endpoint 169.254.169.254), CGNAT, multicast, reserved, documentation and unspecified
 * ranges, and their IPv6 equivalents. IPv4-mapped, IPv4-compatible, IPv4-translated and NAT64 IPv6 forms are
 * refused outright, whatever their notation, since they can carry any IPv4 address.
 */
// Two lists: a BlockList checks IPv4 addresses against IPv6 rules as IPv4-mapped addresses, so the ::ffff:0:0/96
// rule would otherwise refuse every IPv4 address.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // ::/96 holds the unspecified and loopback addresses and the deprecated IPv4-compatible form (::127.0.0.1),
  // which some stacks still route to the embedded IPv4 address.
  ['::', 96],
  ['::ffff:0:0', 96],
  // IPv4-translated (SIIT, ::ffff:0:a.b.c.d).
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !blockedV4.check(address, 'ipv4') : !blockedV6.check(address, 'ipv6');
}

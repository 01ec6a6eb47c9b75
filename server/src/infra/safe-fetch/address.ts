import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Parse an address literal (brackets allowed); IPv4-mapped IPv6 stays IPv6 so it is judged explicitly. */
export function parseAddress(text: string): Address | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // ipaddr.isValid accepts the legacy short/octal IPv4 forms too; only strict four-part
  // dotted decimal or IPv6 counts as a literal here (the URL parser has already normalised hosts).
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

/**
 * True only for public unicast: ipaddr.js classifies the special-purpose registries
 * (loopback, private, CGNAT, link-local, multicast, reserved, documentation...) and anything
 * it calls other than 'unicast' is refused. IPv6 must also be global unicast (2000::/3), which
 * drops the deprecated IPv4-compatible ::a.b.c.d block. Translated forms that carry an IPv4
 * (mapped, SIIT, NAT64, 6to4) are judged by that IPv4; Teredo hides its target and is refused.
 */
export function isPublicAddress(addr: Address): boolean {
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.range() === 'unicast';
  if (v6.range() !== 'unicast') return false;
  return v6.match(GLOBAL_UNICAST);
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/** The IPv4 inside a translated IPv6 address, or null when it is not one of those forms. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || v6.match(NAT64_WELL_KNOWN)) {
    return fromWords(p[6] ?? 0, p[7] ?? 0);
  }
  if (range === '6to4') return fromWords(p[1] ?? 0, p[2] ?? 0);
  return null;
}

function fromWords(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

/** Operator-trusted hosts and networks (SSRF_ALLOW): names match exactly, addresses by CIDR. */
export interface AllowList {
  hostAllowed(host: string): boolean;
  addressAllowed(addr: Address): boolean;
}

export function parseAllowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const nets: Array<[Address, number]> = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('/')) {
      nets.push(ipaddr.parseCIDR(entry));
      continue;
    }
    const addr = parseAddress(entry);
    if (addr) nets.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
    else hosts.add(normaliseHost(entry));
  }
  return {
    hostAllowed: (host) => hosts.has(normaliseHost(host)),
    addressAllowed: (addr) => {
      const a = unmap(addr);
      return nets.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
    },
  };
}

/** Lower case without the root dot, so `localhost.` and `LOCALHOST` are one name. */
export function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.+$/, '');
}

/** An IPv4-mapped IPv6 address compared as the IPv4 it maps, so a v4 CIDR covers it. */
function unmap(addr: Address): Address {
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) return (addr as ipaddr.IPv6).toIPv4Address();
  return addr;
}

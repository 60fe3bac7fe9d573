import ipaddr from 'ipaddr.js';

/**
 * An address or CIDR range with an IPv4-mapped IPv6 address (`::ffff:192.0.2.77`, `::ffff:192.0.2.0/120`)
 * written as the IPv4 it stands for (`192.0.2.77`, `192.0.2.0/24`): clients reach the server as IPv4, so a
 * block kept in the mapped form would never match them. Anything else comes back as given.
 */
export function unmappedAddress(text: string): string {
  const [address = '', prefix] = text.trim().split('/');
  if (!ipaddr.IPv6.isValid(address)) return text.trim();
  const parsed = ipaddr.IPv6.parse(address);
  if (!parsed.isIPv4MappedAddress()) return text.trim();
  const v4 = parsed.toIPv4Address().toString();
  if (prefix === undefined) return v4;
  const bits = Number(prefix);
  // A range wider than the mapped block spans more than IPv4: it stays IPv6.
  return Number.isInteger(bits) && bits >= 96 && bits <= 128 ? `${v4}/${bits - 96}` : text.trim();
}

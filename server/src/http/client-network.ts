import ipaddr from 'ipaddr.js';

/**
 * What brute-force limits count by: an IPv4 address, or the /64 an IPv6 address lies in. One
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let an attacker
 * rotate through them freely. An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

import { isIPv6 } from 'node:net';

/**
 * What brute-force limits count by: an IPv4 address, or the /64 an IPv6 address lies in. One
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let an attacker
 * rotate through them freely.
 */
export function clientNetwork(ip: string): string {
  const mappedV4 = ip.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i)?.[1];
  if (mappedV4) return mappedV4;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  const prefix = [...headGroups, ...zeros]
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

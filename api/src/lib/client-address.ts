import { isIP } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (an IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const first = parse(head);
  const last = rest === undefined ? [] : parse(rest);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * Whom a per-address limit counts: every per-address limit (route limits, keyed limiters,
 * socket caps) keys by this, never by `request.ip` itself.
 *   - IPv4: the address.
 *   - IPv4-mapped IPv6 (`::ffff:a.b.c.d`, what a dual-stack socket reports): the IPv4 address,
 *     so one client is one key whichever way it arrives.
 *   - Other IPv6: its /64. One subscriber usually gets a whole /64 (often more) and may pick a
 *     new address in it for every request; keyed by the full address a limit would not hold.
 *   - Anything else (no address at all): as it is.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? '';
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return ip;
  const groups = ipv6Groups(address.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

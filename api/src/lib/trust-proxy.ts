import { isIP } from 'node:net';

/** What Fastify's `trustProxy` accepts from our configuration. */
export type TrustProxy = boolean | number | string[];

/**
 * Reads TRUST_PROXY. Behind a load balancer every request arrives from the balancer's address,
 * so per-address limits would count all visitors together; trusting the proxy makes
 * `request.ip` the client's address from `X-Forwarded-For`.
 *   unset, "" or "false"   trust nobody (the socket's address is the client)
 *   "true"                 trust every hop (only when nothing can reach the server directly)
 *   "1", "2", …            trust that many hops from the server
 *   "10.0.0.1,10.0.0.0/8"  trust these proxy addresses or networks
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 32) return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length > 0 && entries.every(isAddressOrNetwork)) return entries;
  throw new Error(
    `TRUST_PROXY must be "true", "false", a number of hops from 1 to 32, or proxy addresses/networks separated by commas, not "${value}"`,
  );
}

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Trusts the `hops` addresses nearest the server (hop 0 is the socket's peer). */
export function trustNearestHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

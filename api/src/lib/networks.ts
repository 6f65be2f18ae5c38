import { BlockList, isIP } from 'node:net';

/** An address as the socket gives it, with an IPv4 address seen through a dual-stack socket unwrapped. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * A list of networks ("10.0.0.0/8, 192.168.1.7, ::1/128"; an address alone is a network of one) as
 * a BlockList, to ask whether an address is inside. Throws with the entry that is not a network.
 */
export function parseNetworks(text: string): BlockList {
  const list = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const [address = '', prefixText, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (family === 0 || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > bits) {
      throw new Error(`"${entry}" is not a network such as 10.0.0.0/8, 192.168.1.7 or fd00::/8`);
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** Whether `address` (any form a socket or a header gives) is inside one of `networks`. */
export function inNetworks(networks: BlockList, address: string): boolean {
  const plain = plainAddress(address.trim());
  const family = isIP(plain);
  if (family === 0) return false;
  return networks.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

import type { FastifyInstance, InjectOptions } from 'fastify';
import { createAgent } from './agent';

/**
 * A browser on an address of its own: per-address limits (complaints) then count it apart from
 * every other test's browsers.
 */
export function agentAt(app: FastifyInstance, address: string) {
  const atAddress = new Proxy(app, {
    get(target, property, receiver) {
      if (property === 'inject') {
        return (options: InjectOptions) => target.inject({ ...options, remoteAddress: address });
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return createAgent(atAddress);
}

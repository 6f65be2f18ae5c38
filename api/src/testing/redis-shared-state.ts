// The server's own shared state over a test Redis (plugins/shared.ts), connected before the apps
// that use it are built, for the presence and streams tests of several instances.
import type { FastifyBaseLogger } from 'fastify';
import { createRedisSharedState, type SharedState, waitUntilUp } from '../plugins/shared';

export type TestRedisSharedState = SharedState;

/** The outages the tests cause are said by the stores' own tests; here they stay quiet. */
const quiet = { debug() {}, info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

export async function createTestRedisSharedState(url: string): Promise<TestRedisSharedState> {
  const state = createRedisSharedState(url, quiet);
  if (!(await waitUntilUp(state, 10_000))) throw new Error(`Redis at ${url} did not answer`);
  return state;
}

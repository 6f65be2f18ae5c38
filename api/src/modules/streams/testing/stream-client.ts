import type { WebSocket } from '@fastify/websocket';
import type { StreamServerMessage, StreamSummary } from 'contracts/streams';
import { type Agent, createAgent } from '../../../testing/agent';
import { createAccount, createCity, createProfile } from '../../../testing/builders';
import type { TestApp } from '../../../testing/create-test-app';
import { openWebSocket, type WebSocketOptions } from '../../../testing/websocket-client';

/** A socket of /ws/stream that keeps every frame the server sent and how it closed. */
export interface StreamClient {
  socket: WebSocket;
  messages: StreamServerMessage[];
  /** Resolves with the first frame (already received or to come) that `match` accepts. */
  next<T extends StreamServerMessage['type']>(
    type: T,
    match?: (message: Extract<StreamServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<StreamServerMessage, { type: T }>>;
  /** Resolves with the close code once the socket is closed. */
  closed: Promise<number>;
  send(message: unknown): void;
}

export async function connectStream(
  origin: string,
  query: string,
  options: WebSocketOptions = {},
): Promise<StreamClient> {
  const messages: StreamServerMessage[] = [];
  const waiters = new Set<() => void>();
  const socket = await openWebSocket(`${origin}/ws/stream?${query}`, options, (data) => {
    messages.push(JSON.parse(String(data)) as StreamServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return {
    socket,
    messages,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(type, match = () => true, timeoutMs = 2000) {
      type Wanted = Extract<StreamServerMessage, { type: typeof type }>;
      const find = () =>
        messages.find((message): message is Wanted => message.type === type && match(message as Wanted));
      return new Promise<Wanted>((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no "${type}" frame came; received ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const wake = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(hit);
        };
        waiters.add(wake);
      });
    },
  };
}

export const cookieOf = (agent: Agent) =>
  [...agent.jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** A signed-in model with a listed profile; `start` starts its stream over HTTP. */
export async function modelWithListedProfile(t: TestApp, name = 'Алиса') {
  const account = await createAccount(t.db, { accountType: 'girl' });
  const city = await createCity(t.db);
  const profile = await createProfile(t.db, { accountId: account.id, cityId: city.id, name });
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return {
    account,
    city,
    profile,
    agent,
    cookie: () => cookieOf(agent),
    async start(chatEnabled = true): Promise<StreamSummary> {
      const response = await agent.post(`/api/own-profiles/${profile.id}/stream`, { chatEnabled });
      if (response.statusCode !== 201) throw new Error(`stream not started: ${response.body}`);
      return response.json<StreamSummary>();
    },
  };
}

export const streamQuery = (stream: { id: number; channelId: string }) =>
  `stream=${stream.id}&channel=${stream.channelId}`;

import { describe, expect, it } from 'vitest';
import ru from '../locales/ru.json';
import { guardedFetch, guardNetwork, ok, stubApi } from './api-stub';

describe('the test network guard', () => {
  it('answers stubbed routes below the API base and records the calls', async () => {
    const calls = stubApi({ 'POST /auth/login': (body) => ok({ echoed: body }) });
    const response = await fetch('/api/auth/login?next=1', { method: 'POST', body: '{"email":"a@b.c"}' });
    expect(await response.json()).toEqual({ echoed: { email: 'a@b.c' } });
    expect(calls.map((call) => [call.method, call.path, call.url.search])).toEqual([
      ['POST', '/auth/login', '?next=1'],
    ]);
  });

  it('serves translation files from the package’s own src/locales, not the network', async () => {
    const response = await fetch('http://localhost:3000/mfe/whatever/locales/ru.json');
    expect(await response.json()).toEqual(ru);
  });

  it('rejects a request no stub answers, and the check after the test throws for it', async () => {
    const check = guardNetwork();
    stubApi({});
    await expect(guardedFetch('/api/model?page=2')).rejects.toThrow('No stub for GET');
    expect(check).toThrow(/Requests no test stubbed[\s\S]*GET http:\/\/[^/]+\/api\/model\?page=2/);
    // The check forgets what it reported, so the next test starts clean.
    expect(check).not.toThrow();
  });
});

/**
 * A browser over real HTTP, for tests of server processes: one cookie jar whichever server
 * answers (cookies do not depend on the port, as behind one balancer), and, like the site's
 * client, the CSRF cookie copied into the header of every state-changing call. What `agent.ts`
 * is for `app.inject`.
 */
export function httpBrowser() {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  async function request(base: string, method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { cookie: cookie() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['x-csrf-token'] = jar.get('csrf_token') ?? '';
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  }

  return {
    jar,
    /** The `cookie` header this browser sends (for a socket's handshake). */
    cookie,
    get: (base: string, url: string) => request(base, 'GET', url),
    async post(base: string, url: string, body: unknown = {}) {
      // A page always reads something first; that first answer hands out the CSRF cookie.
      if (!jar.has('csrf_token')) await (await request(base, 'GET', '/api/auth/session')).arrayBuffer();
      return request(base, 'POST', url, body);
    },
    async put(base: string, url: string, body: unknown = {}) {
      if (!jar.has('csrf_token')) await (await request(base, 'GET', '/api/auth/session')).arrayBuffer();
      return request(base, 'PUT', url, body);
    },
  };
}

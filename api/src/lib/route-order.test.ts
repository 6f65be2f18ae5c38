import type { ApiErrorBody } from 'contracts';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../testing/agent';
import { testAppForFile } from '../testing/create-test-app';

const t = testAppForFile();

// Fastify validates a route's schema after preValidation hooks: the session and CSRF checks run
// there, so a caller without them learns nothing about what a body should look like.
describe('the order of checks on a route with a schema', () => {
  it('answers 401 to a bad body without a session, before judging the body', async () => {
    const response = await createAgent(t.app).patch('/api/notifications/mark-multiple', {
      notificationIds: 'x',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiErrorBody>().code).toBe('UNAUTHORIZED');
  });

  it('answers 403 CSRF_FAILED to a bad body without the CSRF header, before judging the body', async () => {
    const response = await createAgent(t.app).post(
      '/api/recommendations',
      { id: 'x' },
      { withoutCsrf: true },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>().code).toBe('CSRF_FAILED');
  });

  it('judges the body once those pass: VALIDATION_FAILED naming the field, in the request language', async () => {
    const response = await createAgent(t.app).post(
      '/api/recommendations',
      { id: 'x' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<ApiErrorBody>();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'validation.invalidId' } });
    expect(body.message).toMatch(/[a-z]/i);
    expect(body.message).not.toMatch(/[а-я]/i);
  });
});

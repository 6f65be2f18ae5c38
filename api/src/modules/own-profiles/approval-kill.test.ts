import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { adminActions, media, modelProfiles, modelServices, notifications } from '../../db/schema';
import { CSRF_HEADER } from '../../plugins/auth';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { addDraftPhoto, completeDraft, ensureClassicMassage } from '../../testing/profiles';
import { signedInOverHttp } from '../../testing/media-uploads';
import { migratedDataDir, startServer, stopAllServers, stopServer } from '../../testing/server-process';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const PROFILES = 30;

let folder = '';
afterAll(async () => {
  await stopAllServers();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The real server (src/server.ts through tsx) on the given database folder. */
const startOn = (dataDir: string) =>
  startServer((base) => ({
    // Production: reference data only, no demo profiles to seed.
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    MEDIA_DIR: path.join(folder, 'media'),
    STATIC_ROOT: folder,
    AUTH_SECRET: SECRET,
    PUBLIC_URL: base,
    SMTP_URL: 'smtp://127.0.0.1:9',
    RATE_LIMIT_FACTOR: '50',
  }));

// The server opens its own embedded database whatever DATABASE_URL says, so the PostgreSQL run
// of this suite would only repeat it.
describe.skipIf(!!process.env.DATABASE_URL)('a server killed in the middle of approvals', () => {
  it('leaves every profile either wholly approved or wholly waiting, and approves the rest after a restart', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'approval-kill-test-'));
    const dataDir = path.join(folder, 'pglite');

    // Profiles waiting for moderation, an administrator and her session, written straight into
    // the server's database.
    const setup = await buildApp({ database: { dataDir: await migratedDataDir(dataDir) }, secret: SECRET });
    await ensureClassicMassage(setup.db);
    const city = await createCity(setup.db);
    const model = await createAccount(setup.db, { accountType: 'girl' });
    const moderator = await createAccount(setup.db, { role: 'admin' });
    const ids: number[] = [];
    for (let i = 0; i < PROFILES; i++) {
      const profile = await createProfile(
        setup.db,
        {
          accountId: model.id,
          cityId: city.id,
          status: 'pending',
          publishedAt: null,
          revision: completeDraft(city.slug, { name: `Вера ${i}` }) as Record<string, unknown>,
          prepaidMonths: 1,
          submittedAt: new Date(),
          submittedHash: `sent-${i}`,
        },
        { photos: [] },
      );
      await addDraftPhoto(setup.db, profile.id);
      ids.push(profile.id);
    }
    const { accessToken } = await setup.sessions.create(moderator.id);
    const names = setup.cookieNames;
    await setup.close();

    const first = await startOn(dataDir);
    const admin = await signedInOverHttp(first.base, names, accessToken, 0);
    const approve = (base: string, id: number) =>
      fetch(`${base}/api/admin-panel/moderation/profiles/${id}/approve`, {
        method: 'POST',
        headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf },
      }).then(
        async (response) => ({ id, status: response.status, body: await response.text() }),
        () => ({ id, status: 0, body: 'connection lost' }),
      );

    // Every approval at once; the server is killed as soon as the first few are answered.
    let answered = 0;
    let killed: Promise<void> | null = null;
    const outcomes = await Promise.all(
      ids.map((id) =>
        approve(first.base, id).then((outcome) => {
          if (outcome.status === 200 && ++answered === 3) killed = stopServer(first, 'SIGKILL');
          return outcome;
        }),
      ),
    );
    await killed;
    const approvedBefore = outcomes.filter((outcome) => outcome.status === 200).map((outcome) => outcome.id);
    expect(approvedBefore.length).toBeGreaterThanOrEqual(3);
    expect(approvedBefore.length, 'the kill should cut some approvals off').toBeLessThan(PROFILES);

    // Restarted on the same database: the rest can still be approved, once each.
    const second = await startOn(dataDir);
    const secondAdmin = await signedInOverHttp(second.base, names, accessToken, 0);
    admin.cookie = secondAdmin.cookie;
    admin.csrf = secondAdmin.csrf;
    const retried = await Promise.all(ids.map((id) => approve(second.base, id)));
    for (const outcome of retried) {
      // Approved before the kill: nothing waits any more (409); otherwise approved now.
      expect([200, 409], `${outcome.id}: ${outcome.body}`).toContain(outcome.status);
      if (approvedBefore.includes(outcome.id)) expect(outcome.status).toBe(409);
    }
    await stopServer(second, 'SIGTERM');

    // Every profile is approved exactly once, whole: status, services, files, notice and audit line.
    const check = await buildApp({ database: { dataDir }, secret: SECRET });
    try {
      const rows = await check.db.select().from(modelProfiles).where(inArray(modelProfiles.id, ids));
      for (const row of rows) {
        expect(row, `profile ${row.id}`).toMatchObject({ status: 'active', prepaidMonths: 0, review: null });
        expect(row.expiresAt).not.toBeNull();
      }
      const [services] = await check.db
        .select({ n: count() })
        .from(modelServices)
        .where(inArray(modelServices.profileId, ids));
      expect(services?.n).toBe(PROFILES);
      const [hidden] = await check.db
        .select({ n: count() })
        .from(media)
        .where(and(inArray(media.profileId, ids), eq(media.isPublic, false)));
      expect(hidden?.n).toBe(0);
      const [notices] = await check.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.accountId, model.id), eq(notifications.kind, 'profile_approved')));
      expect(notices?.n).toBe(PROFILES);
      const [audit] = await check.db
        .select({ n: count() })
        .from(adminActions)
        .where(eq(adminActions.action, 'profile.approve'));
      expect(audit?.n).toBe(PROFILES);
    } finally {
      await check.close();
    }
  }, 120_000);
});

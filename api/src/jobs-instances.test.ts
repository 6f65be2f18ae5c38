// Several API instances run the same jobs on one PostgreSQL database (issue 29): the advisory lock
// each job takes must make every due item be handled once, whichever instance gets there.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { modelProfiles, notifications } from './db/schema';
import { expireProfiles } from './modules/own-profiles/expiry';
import { createAccount, createCity, createProfile } from './testing/builders';
import { databaseOnServer } from './testing/server-process';

const DUE = 20;
const ROUNDS = 3;
const serverUrl = process.env.DATABASE_URL;

// PGlite is one process's database: two instances cannot share it, so this runs on PostgreSQL only.
describe.skipIf(!serverUrl)(
  'two instances on one PostgreSQL database (DATABASE_URL only; skipped on PGlite)',
  () => {
    const apps: FastifyInstance[] = [];
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const database = await databaseOnServer(serverUrl as string, 'jobs_instances');
      drop = database.drop;
      for (let i = 0; i < 2; i++) apps.push(await buildApp({ database: { url: database.url } }));
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await drop?.();
    });

    it('expire each due profile once, with one notification to its owner, however often both run it at once', async () => {
      const [one, two] = apps as [FastifyInstance, FastifyInstance];
      const city = await createCity(one.db);
      const past = new Date(Date.now() - 86_400_000);
      const owners = [];
      const ids: number[] = [];
      for (let i = 0; i < DUE; i++) {
        const owner = await createAccount(one.db, { accountType: 'girl' });
        owners.push(owner.id);
        ids.push((await createProfile(one.db, { cityId: city.id, accountId: owner.id, expiresAt: past })).id);
      }

      // Both instances' timers fire together, several times over.
      const counts: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        counts.push(...(await Promise.all([expireProfiles(one), expireProfiles(two)])));
      }
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(DUE);

      const statuses = await two.db
        .select({ status: modelProfiles.status })
        .from(modelProfiles)
        .where(inArray(modelProfiles.id, ids));
      expect(statuses.map((row) => row.status)).toEqual(Array(DUE).fill('expired'));
      for (const owner of owners) {
        const sent = await two.db
          .select({ kind: notifications.kind })
          .from(notifications)
          .where(eq(notifications.accountId, owner));
        expect(sent).toEqual([{ kind: 'profile_expired' }]);
      }
    });
  },
);

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../testing/agent';
import { createAccount, createProfile } from '../testing/builders';
import { createTestApp, testAppForFile } from '../testing/create-test-app';
import { accounts, modelProfiles } from './schema';
import { derivedPassword, seedAccounts } from './seed-accounts';

const t = testAppForFile();

describe('seeded accounts', () => {
  it('never promote an ordinary account that holds the configured address', async () => {
    const user = await createAccount(t.db, { email: 'boss@example.test' });
    const result = await seedAccounts(t.db, { admin: { email: 'BOSS@example.test', password: 'x1234567' } });
    expect(result).toEqual({ accounts: [], adminMissing: true });
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, user.id));
    expect(row?.role).toBe('user');
  });

  it('refuse an administrator password shorter than the password rule, saying so, and create nothing', async () => {
    await expect(
      seedAccounts(t.db, { admin: { email: 'short-admin@example.test', password: 'lant5' } }),
    ).rejects.toThrow('ADMIN_PASSWORD must be at least 6 characters');
    const rows = await t.db.select().from(accounts).where(eq(accounts.email, 'short-admin@example.test'));
    expect(rows).toHaveLength(0);
  });

  it('refuse a common administrator or demo password, naming the setting, and create nothing', async () => {
    const before = await t.db.select().from(accounts);
    await expect(
      seedAccounts(t.db, { admin: { email: 'common-admin@example.test', password: 'Password123' } }),
    ).rejects.toThrow('ADMIN_PASSWORD is one of the most common passwords');
    await expect(seedAccounts(t.db, { demoPassword: 'qwerty123' })).rejects.toThrow(
      'DEMO_PASSWORD is one of the most common passwords',
    );
    await expect(seedAccounts(t.db, { demoPassword: 'demo5' })).rejects.toThrow(
      'DEMO_PASSWORD must be at least 6 characters',
    );
    expect(await t.db.select().from(accounts)).toEqual(before);
  });

  it('make an administrator and two demo accounts once, and they can sign in', async () => {
    const admin = { email: 'admin@anketa.local', password: derivedPassword('local-secret', 'admin') };
    const demoPassword = derivedPassword('local-secret', 'demo');
    expect(admin.password).toHaveLength(16);
    expect(demoPassword).not.toBe(admin.password);

    const first = await seedAccounts(t.db, { admin, demoPassword });
    expect(first.adminMissing).toBe(false);
    expect(first.accounts.map(({ email, role, created }) => ({ email, role, created }))).toEqual([
      { email: 'admin@anketa.local', role: 'admin', created: true },
      { email: 'model@anketa.local', role: 'user', created: true },
      { email: 'advertiser@anketa.local', role: 'user', created: true },
    ]);

    const agent = createAgent(t.app);
    const signIn = await agent.post('/api/auth/login', admin);
    expect(signIn.json()).toMatchObject({ accountRole: 'admin', accountType: 'advister' });
    const model = await createAgent(t.app).post('/api/auth/login', {
      email: 'model@anketa.local',
      password: demoPassword,
    });
    expect(model.json()).toMatchObject({ accountRole: 'user', accountType: 'girl' });

    // The next start finds them and tells whether the printed password still works.
    await t.db
      .update(accounts)
      .set({ passwordHash: 'changed' })
      .where(eq(accounts.email, 'advertiser@anketa.local'));
    const again = await seedAccounts(t.db, { admin, demoPassword });
    expect(again.accounts.map(({ created, passwordWorks }) => ({ created, passwordWorks }))).toEqual([
      { created: false, passwordWorks: true },
      { created: false, passwordWorks: true },
      { created: false, passwordWorks: false },
    ]);
    expect(await t.db.select().from(accounts).where(eq(accounts.role, 'admin'))).toHaveLength(1);
  });

  it('give the demo model the first listed profile nobody owns, once', async () => {
    const app = await createTestApp();
    try {
      await createProfile(app.db, { status: 'draft' });
      const listed = await createProfile(app.db, { status: 'active' });
      await createProfile(app.db, { status: 'active' });
      await seedAccounts(app.db, { demoPassword: 'demo-password-1' });
      const [model] = await app.db.select().from(accounts).where(eq(accounts.email, 'model@anketa.local'));
      const owned = await app.db
        .select()
        .from(modelProfiles)
        .where(eq(modelProfiles.accountId, model?.id ?? -1));
      expect(owned.map((profile) => profile.id)).toEqual([listed.id]);

      await seedAccounts(app.db, { demoPassword: 'demo-password-1' });
      const ownedAgain = await app.db
        .select()
        .from(modelProfiles)
        .where(eq(modelProfiles.accountId, model?.id ?? -1));
      expect(ownedAgain).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

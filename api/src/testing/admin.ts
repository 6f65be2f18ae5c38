import { randomUUID } from 'node:crypto';
import type { OwnProfile, ProfileDraft } from 'contracts';
import { post } from '../modules/ledger/repository';
import { type Agent, createAgent } from './agent';
import { createAccount } from './builders';
import type { TestApp } from './create-test-app';
import { addDraftPhoto, completeDraft } from './profiles';

/** Puts money on an account's balance through the ledger, as every credit arrives. */
export async function creditBalance(
  t: Pick<TestApp, 'db'>,
  accountId: number,
  rubles: number,
): Promise<void> {
  await post(t.db, {
    kind: 'adjustment',
    reference: `test-credit:${accountId}:${randomUUID()}`,
    entries: [
      [{ systemAccount: 'adjustments' }, -rubles * 100],
      [{ accountId }, rubles * 100],
    ],
  });
}

/** A signed-in model with money on her balance (credited through the ledger, as everywhere). */
export async function signedInModel(t: TestApp, options: { balanceRub?: number; locale?: 'ru' | 'en' } = {}) {
  const { balanceRub = 10_000, locale = 'ru' } = options;
  const account = await createAccount(t.db, { accountType: 'girl', locale });
  if (balanceRub > 0) await creditBalance(t, account.id, balanceRub);
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return { account, agent };
}

/** A signed-in administrator (a model account with the admin role, as the seed makes them). */
export async function signedInAdmin(t: TestApp) {
  const account = await createAccount(t.db, { accountType: 'girl', role: 'admin' });
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return { account, agent };
}

/**
 * A profile its owner created whole, gave a photo and sent for moderation (the catalogue must
 * hold the service completeDraft names: ensureClassicMassage).
 */
export async function sentProfile(
  t: TestApp,
  owner: Agent,
  city: string,
  overrides: Partial<ProfileDraft> = {},
): Promise<number> {
  const created = await owner.post('/api/profiles', completeDraft(city, overrides));
  if (created.statusCode !== 201) throw new Error(`profile not created: ${created.body}`);
  const { id } = created.json() as OwnProfile;
  await addDraftPhoto(t.db, id);
  const sent = await owner.post(`/api/profiles/${id}/submit`);
  if (sent.statusCode !== 200) throw new Error(`profile not sent: ${sent.body}`);
  return id;
}

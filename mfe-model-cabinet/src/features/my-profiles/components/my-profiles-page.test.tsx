import { formatRubles, topUpAtom } from 'account-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_STATUSES } from 'contracts';
import { queryClient, type SessionProfile, sessionKeys, store } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import type { ApiCall } from 'platform/testing';
import { citiesAnswer, createOwnPhoto, createOwnProfile } from '../../../testing/profiles-builders';
import { apiError, called, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import MyProfilesPage from './my-profiles-page';

const notify = vi.hoisted(() => vi.fn());
// The toasts come from account-ui: keep the rest of it, watch `notify`.
vi.mock('account-ui', async (original) => ({ ...(await original<typeof import('account-ui')>()), notify }));

const session = (balance: number) => ({
  'GET /auth/session': () =>
    ok({ profile: createProfile({ balance, balanceKopecks: balance * 100 }), canRefresh: false }),
});
const card = (id: number) => screen.findByTestId(`profile-card-${id}`);
const rub = (amount: number) => formatRubles(amount);

beforeEach(() => {
  notify.mockReset();
  store.set(topUpAtom, null);
});

describe('my profiles', () => {
  it('shows every status as a badge, with the rejection and blocking reasons and the paid date', async () => {
    const items = PROFILE_STATUSES.map((status, index) =>
      createOwnProfile({
        id: index + 1,
        status,
        draft: { name: `Profile ${status}`, city: 'kazan' },
        rejectReason: status === 'rejected' ? 'Фото не по правилам' : null,
        blockReason: status === 'cancel' ? 'Жалобы посетителей' : null,
        actions: [],
      }),
    );
    items.push(
      createOwnProfile({
        id: 50,
        status: 'active',
        review: 'pending',
        draft: { name: 'Edited' },
        actions: [],
      }),
      createOwnProfile({
        id: 51,
        status: 'active',
        review: 'rejected',
        rejectReason: 'Нет лица',
        actions: ['save'],
      }),
    );
    stubApi({ ...session(0), 'GET /profiles': () => ok({ items }), 'GET /cities': () => ok(citiesAnswer) });
    const { container } = renderAt('/profile', <MyProfilesPage />);

    for (const [index, status] of PROFILE_STATUSES.entries()) {
      const item = await card(index + 1);
      expect(within(item).getByText(ru.status[status])).toBeTruthy();
    }
    expect(within(await card(1)).getByText('Казань')).toBeTruthy();
    const rejected = await card(PROFILE_STATUSES.indexOf('rejected') + 1);
    expect(within(rejected).getByText('Причина отклонения: Фото не по правилам')).toBeTruthy();
    const blocked = await card(PROFILE_STATUSES.indexOf('cancel') + 1);
    expect(within(blocked).getByText('Заблокирована: Жалобы посетителей')).toBeTruthy();
    expect(within(await card(50)).getByText(ru.status.reviewPending)).toBeTruthy();
    expect(within(await card(51)).getByText(ru.status.reviewRejected)).toBeTruthy();
    expect(within(await card(51)).getByText('Причина отклонения: Нет лица')).toBeTruthy();
    expect(within(await card(1)).getByText(/^Оплачена до /)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('offers exactly the actions the server allows, with the prices', async () => {
    stubApi({
      ...session(0),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () =>
        ok({
          items: [
            createOwnProfile({
              id: 1,
              status: 'active',
              actions: ['save', 'extend', 'deactivate', 'delete'],
              monthPrice: 1200,
            }),
            // The same status with nothing allowed shows no buttons: the buttons follow `actions`, not the status.
            createOwnProfile({ id: 2, status: 'active', actions: [] }),
            createOwnProfile({
              id: 3,
              status: 'saved',
              actions: ['save', 'submit', 'delete'],
              changed: true,
              publishedAt: null,
              expiresAt: null,
            }),
            createOwnProfile({
              id: 4,
              status: 'draft',
              complete: false,
              actions: ['save', 'delete'],
              expiresAt: null,
            }),
            createOwnProfile({
              id: 5,
              status: 'unactive',
              actions: ['save', 'activate', 'extend', 'delete'],
            }),
            createOwnProfile({
              id: 6,
              status: 'rejected',
              actions: ['save', 'submit', 'delete'],
              prepaidMonths: 1,
              changed: true,
            }),
          ],
        }),
    });
    renderAt('/profile', <MyProfilesPage />);
    const names = async (id: number) =>
      [...(await card(id)).querySelectorAll('a, button')].map((element) => element.textContent);
    expect(await names(1)).toEqual([
      'Редактировать',
      `Продлить на месяц · ${rub(1200)}`,
      'Скрыть',
      'Удалить',
    ]);
    expect(await names(2)).toEqual([]);
    expect(await names(3)).toEqual(['Редактировать', `Отправить на модерацию · ${rub(1000)}`, 'Удалить']);
    // An incomplete draft goes back to the editor; the status allows sending, so the card says why not yet.
    expect(await names(4)).toEqual(['Открыть редактор', 'Дозаполнить', 'Удалить']);
    expect(within(await card(4)).getByText(ru.myProfiles.hints.incomplete)).toBeTruthy();
    expect(
      within(await card(4))
        .getByRole('link', { name: 'Дозаполнить' })
        .getAttribute('href'),
    ).toBe('/profile/edit/4');
    expect(await names(5)).toEqual([
      'Редактировать',
      `Продлить на месяц · ${rub(1000)}`,
      'Показать',
      'Удалить',
    ]);
    // A rejected profile is resent (its month is prepaid, so no price).
    expect(await names(6)).toEqual(['Редактировать', 'Отправить повторно', 'Удалить']);
    expect(screen.getByRole('link', { name: 'Создать анкету' }).getAttribute('href')).toBe('/profile/create');
  });

  it('deletes only after the confirmation, and says the prepaid month comes back', async () => {
    let items = [
      createOwnProfile({
        id: 7,
        status: 'pending',
        prepaidMonths: 1,
        monthPrice: 900,
        actions: ['save', 'delete'],
      }),
    ];
    const calls: ApiCall[] = stubApi({
      ...session(0),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items }),
      'DELETE /profiles/7': () => {
        items = [];
        return ok({ ok: true });
      },
    });
    renderAt('/profile', <MyProfilesPage />);
    await userEvent.click(within(await card(7)).getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`Оплаченный месяц (${rub(900)}) вернётся на баланс.`);
    expect(called(calls, '/profiles/7')).toBe(false);

    // The dialog's footer button (its corner close button has the same name).
    const cancels = within(dialog).getAllByRole('button', { name: 'Отмена' });
    await userEvent.click(cancels[cancels.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(called(calls, '/profiles/7')).toBe(false);

    await userEvent.click(within(await card(7)).getByRole('button', { name: 'Удалить' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByTestId('profile-card-7')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/profiles/7',
    ]);
    expect(notify).toHaveBeenCalledWith('success', `Анкета удалена; ${rub(900)} вернулись на баланс`);
    expect(await screen.findByText(ru.myProfiles.empty.title)).toBeTruthy();
  });

  it('extends for the price shown and writes the new balance into the session', async () => {
    const profile = createOwnProfile({ id: 3, monthPrice: 1200 });
    const calls = stubApi({
      ...session(5000),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [profile] }),
      'POST /profiles/3/extend': () =>
        ok({ profile: { ...profile, expiresAt: '2026-03-01T10:00:00.000Z' }, balance: 3800 }),
    });
    renderAt('/profile', <MyProfilesPage />);
    await userEvent.click(
      await within(await card(3)).findByRole('button', { name: `Продлить на месяц · ${rub(1200)}` }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(rub(1200));
    expect(called(calls, '/profiles/3/extend')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Оплатить и продлить' }));
    await waitFor(() =>
      expect(queryClient.getQueryData<SessionProfile>(sessionKeys.profile())?.balance).toBe(3800),
    );
    expect(within(await card(3)).getByText(/1 мар/)).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', '«Анна» продлена на месяц');
  });

  it('opens the top-up with the missing amount when the balance does not cover sending', async () => {
    stubApi({
      ...session(200),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () =>
        ok({
          items: [
            createOwnProfile({
              id: 4,
              status: 'saved',
              changed: true,
              actions: ['save', 'submit'],
              monthPrice: 1000,
            }),
          ],
        }),
      'POST /profiles/4/submit': () => apiError(402, 'INSUFFICIENT_BALANCE'),
    });
    renderAt('/profile', <MyProfilesPage />);
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.profile())).toBeTruthy());
    await userEvent.click(
      within(await card(4)).getByRole('button', { name: `Отправить на модерацию · ${rub(1000)}` }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Оплатить и отправить' }),
    );
    await waitFor(() => expect(store.get(topUpAtom)).toEqual({ shortBy: 800 }));
    expect(notify).toHaveBeenCalledWith('error', expect.stringMatching(/баланс/i));
  });

  it('explains a resend the server refuses: nothing changed, or fields are missing', async () => {
    const profile = createOwnProfile({
      id: 8,
      status: 'rejected',
      prepaidMonths: 1,
      changed: true,
      actions: ['save', 'submit', 'delete'],
    });
    stubApi({
      ...session(0),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [profile] }),
      'POST /profiles/8/submit': () => apiError(409, 'UPDATE_REQUIRED'),
    });
    renderAt('/profile', <MyProfilesPage />);
    await userEvent.click(within(await card(8)).getByRole('button', { name: 'Отправить повторно' }));
    expect(await within(await card(8)).findByText(ru.myProfiles.hints.updateRequired)).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('error', ru.myProfiles.hints.updateRequired);

    stubApi({
      ...session(0),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [profile] }),
      'POST /profiles/8/submit': () => apiError(409, 'PROFILE_INCOMPLETE'),
    });
    await userEvent.click(within(await card(8)).getByRole('button', { name: 'Отправить повторно' }));
    const link = await within(await card(8)).findByRole('link', { name: ru.myProfiles.hints.openEditor });
    expect(link.getAttribute('href')).toBe('/profile/edit/8');
  });

  it('hides a listed profile and shows the photo of a card', async () => {
    const profile = createOwnProfile({ id: 9, media: [createOwnPhoto()] });
    stubApi({
      ...session(0),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [profile] }),
      'POST /profiles/9/deactivate': () =>
        ok({ ...profile, status: 'unactive', actions: ['save', 'activate', 'delete'] }),
    });
    const { container } = renderAt('/profile', <MyProfilesPage />);
    await userEvent.click(within(await card(9)).getByRole('button', { name: 'Скрыть' }));
    expect(await within(await card(9)).findByText(ru.status.unactive)).toBeTruthy();
    expect(within(await card(9)).getByRole('button', { name: 'Показать' })).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/p/10/large.webp');
    expect(notify).toHaveBeenCalledWith('success', ru.myProfiles.toasts.hidden);
  });

  it('invites a model without profiles to create one', async () => {
    stubApi({
      ...session(0),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [] }),
    });
    const { container } = renderAt('/profile', <MyProfilesPage />);
    expect(await screen.findByRole('heading', { name: ru.myProfiles.empty.title })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Создать анкету' })).toHaveLength(2);
    await expectNoAxeViolations(container);
  });

  it('says the profiles failed to load and loads them again on retry', async () => {
    let fail = true;
    stubApi({
      ...session(0),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => (fail ? apiError(500, 'INTERNAL') : ok({ items: [createOwnProfile()] })),
    });
    renderAt('/profile', <MyProfilesPage />);
    // A server error is asked again twice (with back-off) before the screen gives up.
    expect(await screen.findByText(ru.errors.loadProfile, {}, { timeout: 8000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await card(1)).toBeTruthy();
  }, 15_000);
});

import { formatRubles, topUpAtom } from 'account-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, queryClient, type SessionProfile, sessionKeys, store } from 'platform';
import type { ApiCall } from 'platform/testing';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { citiesAnswer, createOwnProfile, createPromotions } from '../../../testing/profiles-builders';
import { apiError, called, createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import PromotionPage from './promotion-page';

const notify = vi.hoisted(() => vi.fn());
// The toasts come from account-ui: keep the rest of it, watch `notify`.
vi.mock('account-ui', async (original) => ({ ...(await original<typeof import('account-ui')>()), notify }));

const session = (balance: number) => ({
  'GET /auth/session': () =>
    ok({ profile: createProfile({ balance, balanceKopecks: balance * 100 }), canRefresh: false }),
});
const block = (id: number) => screen.findByTestId(`promotion-${id}`);
const rub = (amount: number) => formatRubles(amount);

beforeEach(() => {
  notify.mockReset();
  store.set(topUpAtom, null);
});

describe('promotion', () => {
  it('disables every purchase of a profile that is not active and says why', async () => {
    stubApi({
      ...session(5000),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () =>
        ok({
          items: [
            createOwnProfile({ id: 1, status: 'unactive' }),
            createOwnProfile({ id: 2, status: 'active', draft: { name: 'Вера', city: 'kazan' } }),
          ],
        }),
      'GET /profiles/1/promotions': () => ok(createPromotions({ active: false })),
      'GET /profiles/2/promotions': () => ok(createPromotions()),
    });
    const { container } = renderAt('/profile/promotion', <PromotionPage />);
    const hidden = await block(1);
    const reason = await within(hidden).findByText(ru.promotion.notActive);
    const buttons = within(hidden).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    for (const button of buttons) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toContain(reason.id);
    }
    const active = await block(2);
    await within(active).findByRole('button', { name: `Поднять · ${rub(200)}` });
    expect(within(active).queryByText(ru.promotion.notActive)).toBeNull();
    for (const button of within(active).getAllByRole('button')) {
      expect((button as HTMLButtonElement).disabled).toBe(false);
    }
    expect(within(active).getByText('Казань')).toBeTruthy();
    expect(within(active).getByText('Свободных мест: 2 из 6')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('asks with the price before a bump, then pays, writes the balance and says so', async () => {
    const profile = createOwnProfile({ id: 3 });
    const calls: ApiCall[] = stubApi({
      ...session(5000),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [profile] }),
      'GET /profiles/3/promotions': () => ok(createPromotions()),
      'POST /profiles/3/bump': () =>
        ok({ profile: { ...profile, bumpedAt: '2026-01-05T10:00:00.000Z' }, balance: 4800 }),
    });
    renderAt('/profile/promotion', <PromotionPage />);
    await userEvent.click(
      await within(await block(3)).findByRole('button', { name: `Поднять · ${rub(200)}` }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(rub(200));
    expect(called(calls, '/profiles/3/bump')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: `Оплатить ${rub(200)}` }));
    await waitFor(() =>
      expect(queryClient.getQueryData<SessionProfile>(sessionKeys.profile())?.balance).toBe(4800),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/profiles/3/bump',
    ]);
    expect(notify).toHaveBeenCalledWith('success', '«Анна» поднята в начало списка города');
    // The promotions are read again: what is running has changed.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/profiles/3/promotions')).toHaveLength(2),
    );
  });

  it('opens the top-up with the missing amount when the balance does not cover top placement', async () => {
    stubApi({
      ...session(300),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [createOwnProfile({ id: 4 })] }),
      'GET /profiles/4/promotions': () => ok(createPromotions()),
      'POST /profiles/4/top': () => apiError(402, 'INSUFFICIENT_BALANCE'),
    });
    renderAt('/profile/promotion', <PromotionPage />);
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.profile())).toBeTruthy());
    await userEvent.click(
      await within(await block(4)).findByRole('button', { name: `Купить топ · ${rub(1500)}` }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: `Оплатить ${rub(1500)}` }),
    );
    await waitFor(() => expect(store.get(topUpAtom)).toEqual({ shortBy: 1200 }));
  });

  it('gives the nearest free date when the city top is full, on screen and when a sale is refused', async () => {
    let promotions = createPromotions();
    stubApi({
      ...session(5000),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [createOwnProfile({ id: 5 })] }),
      'GET /profiles/5/promotions': () => ok(promotions),
      'POST /profiles/5/top': () => {
        promotions = createPromotions({ top: { ...promotions.top, free: 0, nextFreeDate: '2026-02-14' } });
        return Response.json(
          { code: 'SLOTS_FULL', message: 'full', params: { date: '2026-02-14' } },
          { status: 409 },
        );
      },
    });
    renderAt('/profile/promotion', <PromotionPage />);
    await userEvent.click(
      await within(await block(5)).findByRole('button', { name: `Купить топ · ${rub(1500)}` }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: `Оплатить ${rub(1500)}` }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', expect.stringContaining('14 февр. 2026')),
    );
    expect(notify.mock.calls[0]?.[1]).toMatch(/^Места заняты/);
    // The screen reads the slots again and says the same, with the button disabled.
    const full = await within(await block(5)).findByText(
      /Места заняты\. Ближайшая свободная дата — 14 февр\. 2026/,
    );
    const top = within(await block(5)).getByRole('button', { name: `Купить топ · ${rub(1500)}` });
    expect((top as HTMLButtonElement).disabled).toBe(true);
    expect(top.getAttribute('aria-describedby')).toContain(full.id);
  });

  it('sends her to the editor to upload a video when there is none to show', async () => {
    stubApi({
      ...session(5000),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [createOwnProfile({ id: 6 })] }),
      'GET /profiles/6/promotions': () => ok(createPromotions()),
      'POST /profiles/6/video': () => apiError(409, 'VIDEO_REQUIRED'),
    });
    renderAt('/profile/promotion', <PromotionPage />);
    const buy = await within(await block(6)).findByRole('button', {
      name: `Показывать видео · ${rub(600)} в месяц`,
    });
    await userEvent.click(buy);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: `Оплатить ${rub(600)}` }),
    );
    const link = await within(await block(6)).findByRole('link', { name: ru.promotion.video.openEditor });
    expect(link.getAttribute('href')).toBe('/profile/edit/6');
    expect(notify).toHaveBeenCalledWith('error', ru.promotion.video.missing);
    expect((buy as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows what is running: top and video until their dates', async () => {
    stubApi({
      ...session(5000),
      'GET /cities': () => ok(citiesAnswer),
      'GET /profiles': () => ok({ items: [createOwnProfile({ id: 7 })] }),
      'GET /profiles/7/promotions': () =>
        ok(
          createPromotions({
            top: {
              price: 1500,
              days: 7,
              slots: 6,
              free: 6,
              nextFreeDate: null,
              until: '2026-03-10T12:00:00.000Z',
            },
            video: { price: 600, until: '2026-04-02T12:00:00.000Z', hasVideo: true },
          }),
        ),
    });
    renderAt('/profile/promotion', <PromotionPage />);
    expect(await within(await block(7)).findByText(/^В топе до 10 мар/)).toBeTruthy();
    expect(within(await block(7)).getByText(/^Видео показывается до 2 апр/)).toBeTruthy();
  });

  describe('where video is sold', () => {
    afterEach(async () => {
      await i18n.changeLanguage('ru');
    });

    /** The three offers of a profile: top, bump, video. */
    const offers = async (videoTitle: string) => {
      stubApi({
        ...session(5000),
        'GET /cities': () => ok(citiesAnswer),
        'GET /profiles': () => ok({ items: [createOwnProfile({ id: 8 })] }),
        'GET /profiles/8/promotions': () => ok(createPromotions()),
      });
      renderAt('/profile/promotion', <PromotionPage />);
      const profile = await block(8);
      await within(profile).findByRole('heading', { level: 3, name: videoTitle });
      return within(profile).getAllByRole('listitem');
    };

    it('says that videos raise orders by 46%, on the video offer only', async () => {
      const [top, bump, video] = await offers('Видео');
      expect(video?.textContent).toContain('Анкеты с видео получают на 46% больше заказов');
      expect(top?.textContent).not.toContain('46%');
      expect(bump?.textContent).not.toContain('46%');
    });

    it('says so in English too', async () => {
      await i18n.changeLanguage('en');
      const [, , video] = await offers('Video');
      expect(video?.textContent).toContain('Profiles with a video get 46% more orders');
    });
  });
});

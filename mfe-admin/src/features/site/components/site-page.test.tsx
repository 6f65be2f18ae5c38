import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from 'account-ui';
import type { AdminSite } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { createProfile, ok, renderAt, stubApi } from '../../../testing/render';
import SitePage from './site-page';

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

const validation = contractsLocales.ru.validation;
const session = () => ok({ profile: createProfile({ accountRole: 'admin' }), canRefresh: false });
const site = (): AdminSite => ({
  slogan: { ru: 'Лучшие анкеты города', en: 'The best profiles in town' },
  prices: [
    {
      list: 'models_boosting',
      code: 'top',
      titleRu: 'Топ города',
      titleEn: 'City top',
      mskSpbPrice: 50,
      otherPrice: 30,
      sort: 1,
    },
    {
      list: 'ads_boosting',
      code: 'banner',
      titleRu: 'Баннер',
      titleEn: 'Banner',
      mskSpbPrice: 120,
      otherPrice: 80,
      sort: 1,
    },
  ],
});

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockReset();
});

describe('the site settings', () => {
  it('shows the slogan in both languages and the three price lists', async () => {
    stubApi({ 'GET /auth/session': session, 'GET /admin-panel/site': () => ok(site()) });
    const { container } = renderAt('/admin/site', <SitePage />);
    expect(await screen.findByDisplayValue('Лучшие анкеты города')).toBeTruthy();
    expect(screen.getByDisplayValue('The best profiles in town')).toBeTruthy();
    const top = screen.getByTestId('price-top');
    expect(within(top).getByText('$50')).toBeTruthy();
    expect(within(top).getByText('$30')).toBeTruthy();
    expect(screen.getByRole('heading', { name: ru.site.lists.additional_services })).toBeTruthy();
    expect(screen.getByText(ru.site.prices.none)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('saves the slogan only when both languages are filled in', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/site': () => ok(site()),
      'PUT /admin-panel/site/slogan': (body) => ok({ slogan: body }),
    });
    renderAt('/admin/site', <SitePage />);
    const english = await screen.findByLabelText(ru.site.slogan.en);
    await user.clear(english);
    await user.tab();
    expect(await screen.findByText(validation.sloganRequired)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ru.site.slogan.save }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(english, '  Profiles you can trust ');
    await user.click(screen.getByRole('button', { name: ru.site.slogan.save }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', ru.site.slogan.saved));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ru: 'Лучшие анкеты города',
      en: 'Profiles you can trust',
    });
  });

  it('edits a price line with the API rules and shows the new price', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': session,
      'GET /admin-panel/site': () => ok(site()),
      'PUT /admin-panel/site/prices/:list/:code': (body) =>
        ok({ list: 'models_boosting', code: 'top', sort: 1, ...(body as object) }),
    });
    renderAt('/admin/site', <SitePage />);
    await user.click(await screen.findByRole('button', { name: 'Изменить Топ города' }));
    const dialog = await screen.findByRole('dialog', { name: 'Цена: Топ города' });
    await expectNoAxeViolations(dialog);
    const msk = within(dialog).getByLabelText(ru.site.prices.mskSpb);
    await user.clear(msk);
    await user.type(msk, '12.5');
    await user.tab();
    expect(await within(dialog).findByText(validation.invalidPrice)).toBeTruthy();
    await user.clear(msk);
    await user.type(msk, '65');
    await user.click(within(dialog).getByRole('button', { name: ru.site.prices.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/admin-panel/site/prices/models_boosting/top');
    expect(put?.body).toEqual({
      titleRu: 'Топ города',
      titleEn: 'City top',
      mskSpbPrice: 65,
      otherPrice: 30,
    });
    expect(within(screen.getByTestId('price-top')).getByText('$65')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'Цена «Топ города» сохранена');
  });
});

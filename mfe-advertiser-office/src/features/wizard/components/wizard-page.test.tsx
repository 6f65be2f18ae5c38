import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractsLocales } from 'contracts/locales';
import { i18n, store } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { topUpAtom } from 'account-ui';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { dayOf } from '../../../lib/days';
import {
  CITIES,
  createCampaign,
  createProfile,
  location,
  ok,
  renderAt,
  stubApi,
} from '../../../testing/render';
import { readLocalDraft } from '../model/local-draft';
import WizardPage from './wizard-page';

vi.mock('shared-ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const validation = contractsLocales.ru.validation;
const session = (balance = 0) =>
  ok({ profile: createProfile({ balance, accountType: 'advister' }), canRefresh: false });
const plain = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

function renderWizard(url: string) {
  return renderAt(
    url,
    <Routes>
      <Route path="/advister/create" element={<WizardPage />} />
      <Route path="/advister/edit/:id" element={<WizardPage />} />
    </Routes>,
  );
}

/** Today and the next days as the calendar names them. */
const today = new Date();
const dayAfter = (days: number) =>
  dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));

beforeEach(() => {
  void i18n.changeLanguage('ru');
  localStorage.clear();
  store.set(topUpAtom, null);
});
afterEach(() => localStorage.clear());

describe('the create step', () => {
  it('checks every rule of the ad before anything is sent, then saves a draft and shows the preview', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': () => session(),
      'GET /cities': () => ok(CITIES),
      'POST /campaigns': (body) =>
        ok(createCampaign({ id: 7, ...(body as object), cities: CITIES.items.slice(0, 1) })),
    });
    const { container } = renderWizard('/advister/create');
    await user.click(await screen.findByRole('button', { name: ru.wizard.next }));

    expect(await screen.findByText(validation.adFormatRequired)).toBeTruthy();
    expect(screen.getByText(validation.headingRequired)).toBeTruthy();
    expect(screen.getByText(validation.descriptionRequired)).toBeTruthy();
    expect(screen.getByText(validation.linkRequired)).toBeTruthy();
    expect(screen.getByText(validation.buttonTextRequired)).toBeTruthy();
    expect(screen.getByText(validation.citiesRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('radio', { name: /Баннер/ }));
    await user.type(screen.getByLabelText(ru.wizard.fields.heading), 'Вечер в спа');
    await user.type(screen.getByLabelText(ru.wizard.fields.description), 'Два часа тишины.');
    await user.type(screen.getByLabelText(ru.wizard.fields.link), 'javascript:alert(1)');
    await user.type(screen.getByLabelText(ru.wizard.fields.buttonText), 'Очень длинный текст кнопки');
    await user.click(screen.getByRole('button', { name: ru.wizard.next }));
    expect(await screen.findByText(validation.invalidLink)).toBeTruthy();
    expect(screen.getByText(validation.buttonTextTooLong)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText(ru.wizard.fields.link));
    await user.type(screen.getByLabelText(ru.wizard.fields.link), 'https://example.com/spa');
    await user.clear(screen.getByLabelText(ru.wizard.fields.buttonText));
    await user.type(screen.getByLabelText(ru.wizard.fields.buttonText), 'Записаться');
    await user.click(screen.getByRole('checkbox', { name: 'Москва' }));
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: ru.wizard.next }));

    await waitFor(() => expect(location.current).toBe('/advister/edit/7?step=confirmation'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      format: 'banner',
      heading: 'Вечер в спа',
      description: 'Два часа тишины.',
      link: 'https://example.com/spa',
      buttonText: 'Записаться',
      placement: 'cities',
      cities: ['moscow'],
    });
    const preview = await screen.findByTestId('ad-preview');
    expect(within(preview).getByRole('heading', { name: 'Вечер в спа' })).toBeTruthy();
    expect(
      within(preview)
        .getByRole('link', { name: /Записаться/ })
        .getAttribute('href'),
    ).toBe('https://example.com/spa');
    expect(within(preview).getByText('Баннер')).toBeTruthy();
  });

  it('keeps what was typed in this browser, so a reload before saving loses nothing', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /auth/session': () => session(), 'GET /cities': () => ok(CITIES) });
    const first = renderWizard('/advister/create');
    await user.type(await screen.findByLabelText(ru.wizard.fields.heading), 'Черновик');
    await waitFor(() => expect(readLocalDraft(undefined)?.heading).toBe('Черновик'));
    first.unmount();

    renderWizard('/advister/create');
    expect(((await screen.findByLabelText(ru.wizard.fields.heading)) as HTMLInputElement).value).toBe(
      'Черновик',
    );
  });
});

describe('the confirmation step', () => {
  it('uploads an image, which the preview shows at once, and removes it', async () => {
    const user = userEvent.setup();
    const image = { url: '/media/ads/k/image.webp', width: 640, height: 360 };
    const calls = stubApi({
      'GET /auth/session': () => session(),
      'GET /campaigns/:id': () => ok(createCampaign({ format: 'banner' })),
      'POST /campaigns/:id/image': () => ok(createCampaign({ format: 'banner', image })),
      'DELETE /campaigns/:id/image': () => ok(createCampaign({ format: 'banner', image: null })),
    });
    const { container } = renderWizard('/advister/edit/7?step=confirmation');
    const preview = await screen.findByTestId('ad-preview');
    expect(preview.querySelector('img')).toBeNull();
    await user.upload(
      screen.getByLabelText(ru.wizard.image.label),
      new File(['png'], 'ad.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(preview.querySelector('img')?.getAttribute('src')).toBe(image.url));
    const sent = calls.find((call) => call.method === 'POST')?.body;
    expect(sent instanceof FormData && (sent.get('file') as File).name).toBe('ad.png');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: ru.wizard.image.remove }));
    await waitFor(() => expect(preview.querySelector('img')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/campaigns/7/image')).toBe(true);
  });
});

describe('the calendar step', () => {
  it('disables the full days, offers the nearest free date, and saves a range of at least the minimum days', async () => {
    const user = userEvent.setup();
    // Today is open for booking unless its slots are gone; here they are.
    const full = dayAfter(0);
    const month = dayOf(today).slice(0, 7);
    const calls = stubApi({
      'GET /auth/session': () => session(),
      'GET /campaigns/:id': () => ok(createCampaign()),
      'GET /campaigns/calendar': () =>
        ok({
          month,
          slotsPerDay: 3,
          days: [{ day: full, free: 0 }],
          nextFreeDate: dayAfter(2),
        }),
      'PUT /campaigns/:id': (body) => ok(createCampaign(body as object)),
    });
    const { container } = renderWizard('/advister/edit/7?step=calendar');
    const calendar = await screen.findByTestId('campaign-calendar');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/campaigns/calendar')?.url.searchParams.get('cities')).toBe(
        'moscow',
      ),
    );
    const fullCell = await waitFor(() => {
      const cell = calendar.querySelector<HTMLButtonElement>(`[data-day="${full}"] button`);
      expect(cell).not.toBeNull();
      return cell as HTMLButtonElement;
    });
    await waitFor(() => expect(fullCell.disabled).toBe(true));
    const yesterday = calendar.querySelector<HTMLButtonElement>(`[data-day="${dayAfter(-1)}"] button`);
    if (yesterday) expect(yesterday.disabled).toBe(true);
    expect(
      screen.getByText(`Ближайшая свободная дата: ${plainDay(dayAfter(2))}`, { normalizer: plain }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: ru.wizard.calendar.startThen }));
    // One day is fewer than the minimum.
    await user.click(screen.getByRole('button', { name: ru.wizard.next }));
    expect(await screen.findByText('Выберите не меньше 3 дней')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await expectNoAxeViolations(container);
  });

  it('sends a range of the minimum days and moves to the impressions step', async () => {
    const user = userEvent.setup();
    const start = dayAfter(2);
    const end = dayAfter(4);
    const calls = stubApi({
      'GET /auth/session': () => session(),
      'GET /campaigns/:id': () => ok(createCampaign({ startsOn: start, endsOn: end })),
      'GET /campaigns/calendar': () =>
        ok({ month: start.slice(0, 7), slotsPerDay: 3, days: [], nextFreeDate: start }),
      'PUT /campaigns/:id': (body) => ok(createCampaign(body as object)),
      'GET /campaigns/quote': () => ok({ costPerDay: 1500, per1000: null, days: 3, minDays: 3, total: 4500 }),
    });
    renderWizard('/advister/edit/7?step=calendar');
    expect((await screen.findByTestId('calendar-choice')).textContent).toContain('3 дня');
    await user.click(screen.getByRole('button', { name: ru.wizard.next }));
    await waitFor(() => expect(location.current).toBe('/advister/edit/7?step=impressions'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ startsOn: start, endsOn: end });
    expect(plain((await screen.findByTestId('quote-total')).textContent)).toBe('4 500 ₽');
  });
});

describe('the impressions step', () => {
  it('asks for impressions by the spec rule when paid per impression', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /auth/session': () => session(),
      'GET /campaigns/:id': () => ok(createCampaign({ startsOn: dayAfter(2), endsOn: dayAfter(4) })),
      'GET /campaigns/quote': () => ok({ costPerDay: null, per1000: 200, days: 3, minDays: 3, total: 2000 }),
    });
    renderWizard('/advister/edit/7?step=impressions');
    await user.click(await screen.findByRole('button', { name: ru.pricing.impressions }));
    const field = screen.getByLabelText(ru.wizard.fields.impressions);
    await user.type(field, '0123');
    await user.tab();
    expect(await screen.findByText(validation.impressionsLeadingZero)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '1234567');
    await user.tab();
    expect(await screen.findByText(validation.impressionsTooLong)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '10000');
    await user.tab();
    expect(plain((await screen.findByTestId('quote-total')).textContent)).toBe('2 000 ₽');
  });
});

describe('the pay step', () => {
  const ready = () =>
    createCampaign({ startsOn: dayAfter(2), endsOn: dayAfter(4), costPerDay: 1500, total: 4500 });
  const quote = () => ok({ costPerDay: 1500, per1000: null, days: 3, minDays: 3, total: 4500 });

  it('offers the top-up with the missing amount when the balance is too small', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': () => session(1000),
      'GET /campaigns/:id': () => ok(ready()),
      'GET /campaigns/quote': quote,
    });
    const { container } = renderWizard('/advister/edit/7?step=pay');
    // The total is a skeleton until the quote arrives.
    await waitFor(() => expect(plain(screen.getByTestId('pay-total').textContent)).toBe('4 500 ₽'));
    expect(
      await screen.findByText(/пополните баланс хотя бы на 3 500 ₽/, { normalizer: plain }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: ru.wizard.pay.topUp }));
    expect(store.get(topUpAtom)).toEqual({ shortBy: 3500 });
    expect(calls.some((call) => call.path.endsWith('/submit'))).toBe(false);
    await expectNoAxeViolations(container);
  });

  it('pays, sends to moderation and shows the done step', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /auth/session': () => session(10_000),
      'GET /campaigns/:id': () => ok(ready()),
      'GET /campaigns/quote': quote,
      'PUT /campaigns/:id': () => ok(ready()),
      'POST /campaigns/:id/submit': () => ok({ campaign: ready(), balance: 5500 }),
    });
    renderWizard('/advister/edit/7?step=pay');
    await user.click(await screen.findByRole('button', { name: /^Оплатить 4/ }));
    expect(await screen.findByTestId('wizard-done')).toBeTruthy();
    expect(location.current).toBe('/advister/edit/7?step=done');
    expect(calls.filter((call) => call.path === '/campaigns/7/submit')).toHaveLength(1);
  });

  it('goes back to the calendar with the nearest free date when the slots filled up meanwhile', async () => {
    const user = userEvent.setup();
    const nearest = dayAfter(10);
    stubApi({
      'GET /auth/session': () => session(10_000),
      'GET /campaigns/:id': () => ok(ready()),
      'GET /campaigns/quote': quote,
      'PUT /campaigns/:id': () => ok(ready()),
      'POST /campaigns/:id/submit': () =>
        Response.json(
          { code: 'SLOTS_FULL', message: 'SLOTS_FULL', params: { date: nearest } },
          { status: 409 },
        ),
      'GET /campaigns/calendar': () =>
        ok({ month: nearest.slice(0, 7), slotsPerDay: 3, days: [], nextFreeDate: nearest }),
    });
    renderWizard('/advister/edit/7?step=pay');
    await user.click(await screen.findByRole('button', { name: /^Оплатить 4/ }));
    await waitFor(() => expect(location.current).toBe('/advister/edit/7?step=calendar'));
    expect(
      await screen.findByText(`Слоты заполнены. Ближайшая свободная дата — ${plainDay(nearest)}.`, {
        normalizer: plain,
      }),
    ).toBeTruthy();
  });
});

function plainDay(day: string) {
  return plain(
    new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`)),
  );
}

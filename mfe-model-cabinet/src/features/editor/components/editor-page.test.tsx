import { formatRubles, topUpAtom } from 'account-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_BOUNDS } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { store } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { toast } from 'shared-ui/toast';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import type { ApiCall } from 'platform/testing';
import { apiError, createProfile, location, ok, renderAt, stubApi } from '../../../testing/render';
import { writeLocalDraft } from '../model/local-draft';
import { valuesFromDraft } from '../model/form-values';
import { cities, createOwnProfile, services } from '../testing/editor-data';
import EditorPage from './editor-page';

vi.mock('shared-ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const validation = contractsLocales.ru.validation;
const SAVE_WAIT = { timeout: 4000 };

function renderEditor(url: string) {
  return renderAt(
    url,
    <Routes>
      <Route path="/profile/create" element={<EditorPage />} />
      <Route path="/profile/edit/:id" element={<EditorPage />} />
      <Route path="/profile" element={<p>my profiles</p>} />
    </Routes>,
  );
}

const catalogue = {
  'GET /auth/session': () =>
    ok({ profile: createProfile({ balance: 1000, balanceKopecks: 100_000 }), canRefresh: false }),
  'GET /cities': () => ok(cities()),
  'GET /services': () => ok(services()),
};

const bodyOf = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).at(-1)?.body as Record<
    string,
    unknown
  >;

beforeEach(() => {
  localStorage.clear();
  store.set(topUpAtom, null);
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('profile editor: the form rules', () => {
  it('shows the contracts messages at a field when she leaves it', async () => {
    const calls = stubApi(catalogue);
    renderEditor('/profile/create');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(ru.editor.fields.name);
    await user.click(name);
    await user.tab();
    expect(await screen.findByText(validation.nameRequired)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.type(name, 'A');
    await user.tab();
    expect(await screen.findByText(validation.nameTooShort)).toBeTruthy();

    const age = screen.getByLabelText(ru.editor.fields.age);
    await user.type(age, '17');
    await user.tab();
    expect(await screen.findByText(validation.ageMin)).toBeTruthy();
    await user.clear(age);
    await user.type(age, '61');
    expect(await screen.findByText(validation.ageMax)).toBeTruthy();

    await user.type(screen.getByLabelText(ru.editor.fields.prices.hour), '500');
    await user.tab();
    expect(await screen.findByText(validation.priceMin)).toBeTruthy();
    await user.type(screen.getByLabelText(ru.editor.fields.height), '140');
    await user.tab();
    expect(await screen.findByText(validation.heightMin)).toBeTruthy();
    await user.type(screen.getByLabelText(ru.editor.fields.boobs), '13');
    await user.tab();
    expect(await screen.findByText(validation.boobsMax)).toBeTruthy();
    // Nothing is created from an invalid name.
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('on send shows every missing field and says to fill them in, without calling the API', async () => {
    const calls = stubApi(catalogue);
    renderEditor('/profile/create');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ru.editor.send.send }));
    expect((await screen.findAllByText(validation.nameRequired)).length).toBeGreaterThan(0);
    expect(screen.getByText(validation.categoryRequired)).toBeTruthy();
    expect(screen.getByText(validation.servicesRequired)).toBeTruthy();
    expect(screen.getByText(validation.cityRequired)).toBeTruthy();
    expect(screen.getByText(validation.placeRequired)).toBeTruthy();
    expect(screen.getByText(validation.contactsRequired)).toBeTruthy();
    expect(screen.getByText(validation.priceHourRequired)).toBeTruthy();
    expect(screen.getByText(validation.ageRequired)).toBeTruthy();
    // Height, weight, bust size and appearance are optional: left blank, they stay valid.
    for (const field of ['height', 'weight', 'boobs', 'appearance'] as const) {
      expect(screen.getByLabelText(ru.editor.fields[field]).getAttribute('aria-invalid'), field).toBeNull();
    }
    expect(screen.getByText(ru.editor.errors.incomplete)).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('limits a service description to 50 characters', async () => {
    stubApi(catalogue);
    renderEditor('/profile/create');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Классический массаж' }));
    const description = screen.getByLabelText(
      ru.editor.serviceDescription.replace('{{service}}', 'Классический массаж'),
    );
    await user.type(description, 'x'.repeat(51));
    await user.tab();
    expect(await screen.findByText(validation.serviceDescriptionTooLong)).toBeTruthy();
  });

  it('finds a city as she types and lists its metro by line, from the keyboard', async () => {
    stubApi(catalogue);
    renderEditor('/profile/create');
    const user = userEvent.setup();
    const city = await screen.findByRole('combobox', { name: ru.editor.fields.city });
    await user.type(city, 'санкт');
    const list = screen.getByRole('listbox', { name: ru.editor.fields.city });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Санкт-Петербург']);
    await user.keyboard('{Enter}');
    expect((city as HTMLInputElement).value).toBe('Санкт-Петербург');

    const metro = screen.getByRole('combobox', { name: ru.editor.fields.metro });
    await user.click(metro);
    const lines = within(screen.getByRole('listbox', { name: ru.editor.fields.metro })).getAllByRole('group');
    expect(lines.map((line) => line.getAttribute('aria-labelledby') && line.textContent)).toEqual([
      'Московско-ПетроградскаяНевский проспект',
    ]);

    await user.clear(city);
    await user.type(city, 'моск');
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('combobox', { name: ru.editor.fields.metro }));
    const groups = within(screen.getByRole('listbox', { name: ru.editor.fields.metro })).getAllByRole(
      'group',
    );
    // Stations of one line together, each line with its colour.
    expect(groups).toHaveLength(2);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Арбатская', 'Смоленская']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect((screen.getByRole('combobox', { name: ru.editor.fields.metro }) as HTMLInputElement).value).toBe(
      'Смоленская',
    );
  });
});

describe('profile editor: saving the draft', () => {
  it('creates the profile from name and category, then continues at its edit address', async () => {
    const created = createOwnProfile({ id: 12, draft: { name: 'Анна', category: 'massage' }, media: [] });
    const calls = stubApi({ ...catalogue, 'POST /profiles': () => ok(created, { status: 201 }) });
    renderEditor('/profile/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.editor.fields.name), 'Анна');
    await user.selectOptions(screen.getByLabelText(ru.editor.fields.category), 'massage');
    await waitFor(() => expect(location.current).toBe('/profile/edit/12'), SAVE_WAIT);
    expect(location.action).toBe('REPLACE');
    expect(bodyOf(calls, 'POST', '/profiles')).toMatchObject({ name: 'Анна', category: 'massage' });
    // The same form stays: what she typed is there, and media can now be added.
    expect((screen.getByLabelText(ru.editor.fields.name) as HTMLInputElement).value).toBe('Анна');
    expect(await screen.findByRole('button', { name: ru.media.pick })).toBeTruthy();
  });

  it('saves changes after a pause and says when', async () => {
    const profile = createOwnProfile();
    const calls = stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(profile),
      'PUT /profiles/7': (body) => ok({ ...profile, draft: body, updatedAt: new Date().toISOString() }),
    });
    renderEditor('/profile/edit/7');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(ru.editor.fields.name);
    expect(screen.getByText(/Черновик сохранён в/)).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Мария');
    expect(await screen.findByText(ru.editor.save.pending)).toBeTruthy();
    await waitFor(() => expect(bodyOf(calls, 'PUT', '/profiles/7')?.name).toBe('Мария'), SAVE_WAIT);
    expect(await screen.findByText(/Черновик сохранён в \d\d:\d\d/)).toBeTruthy();
    expect(localStorage.getItem('modelCabinet.editor.draft.7')).toBeNull();
  });

  it('keeps changes on the device and says so when offline, retrying until saved', async () => {
    const profile = createOwnProfile();
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(profile),
      'PUT /profiles/7': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderEditor('/profile/edit/7');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(ru.editor.fields.name);
    await user.clear(name);
    await user.type(name, 'Мария');
    expect(await screen.findByText(ru.editor.save.offline, {}, SAVE_WAIT)).toBeTruthy();
    const local = JSON.parse(localStorage.getItem('modelCabinet.editor.draft.7') ?? '{}');
    expect(local.values.name).toBe('Мария');
  });

  it('says "not saved, retrying" when the server fails', async () => {
    const profile = createOwnProfile();
    stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(profile),
      'PUT /profiles/7': () => apiError(500, 'INTERNAL'),
    });
    renderEditor('/profile/edit/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.editor.fields.description), ' и весёлая');
    expect(await screen.findByText(ru.editor.save.retrying, {}, SAVE_WAIT)).toBeTruthy();
  });

  it('shows a field the server refuses at that field', async () => {
    const profile = createOwnProfile();
    stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(profile),
      'PUT /profiles/7': () =>
        Response.json(
          { code: 'VALIDATION_FAILED', message: 'bad', fields: { city: 'validation.invalidCity' } },
          { status: 400 },
        ),
    });
    renderEditor('/profile/edit/7');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.editor.fields.name), 'я');
    expect(await screen.findByText(validation.invalidCity, {}, SAVE_WAIT)).toBeTruthy();
    expect(screen.getByText(ru.editor.save.refused)).toBeTruthy();
  });

  it('restores unsaved changes from this device when they are newer, says so, and saves them', async () => {
    const profile = createOwnProfile();
    const values = { ...valuesFromDraft(profile.draft), name: 'Восстановлено' };
    writeLocalDraft(7, { values, changedAt: Date.parse(profile.updatedAt) + 1000, base: profile.updatedAt });
    const calls = stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(profile),
      'PUT /profiles/7': (body) => ok({ ...profile, draft: body, updatedAt: new Date().toISOString() }),
    });
    renderEditor('/profile/edit/7');
    expect(await screen.findByText(ru.editor.restored)).toBeTruthy();
    expect((screen.getByLabelText(ru.editor.fields.name) as HTMLInputElement).value).toBe('Восстановлено');
    await waitFor(() => expect(bodyOf(calls, 'PUT', '/profiles/7')?.name).toBe('Восстановлено'), SAVE_WAIT);
  });

  it('prefers the server version when it is newer than the copy on this device', async () => {
    const profile = createOwnProfile({ updatedAt: '2026-02-01T10:00:00.000Z' });
    const values = { ...valuesFromDraft(profile.draft), name: 'Старое' };
    writeLocalDraft(7, {
      values,
      changedAt: Date.parse('2026-01-20T10:00:00.000Z'),
      base: '2026-01-10T10:00:00.000Z',
    });
    stubApi({ ...catalogue, 'GET /profiles/7': () => ok(profile) });
    renderEditor('/profile/edit/7');
    expect(((await screen.findByLabelText(ru.editor.fields.name)) as HTMLInputElement).value).toBe('Анна');
    expect(screen.queryByText(ru.editor.restored)).toBeNull();
  });

  it('keeps what she types on the create screen across a reload', async () => {
    stubApi(catalogue);
    const first = renderEditor('/profile/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(ru.editor.fields.description), 'Пишу текст');
    first.unmount();
    renderEditor('/profile/create');
    expect(((await screen.findByLabelText(ru.editor.fields.description)) as HTMLTextAreaElement).value).toBe(
      'Пишу текст',
    );
    expect(screen.getByText(ru.editor.restored)).toBeTruthy();
  });
});

describe('profile editor: sending for moderation', () => {
  const sendButton = () =>
    screen.findByRole('button', { name: ru.editor.send.sendPaid.replace('{{price}}', formatRubles(1500)) });

  it('shows the price of the first month, sends, updates the balance and goes to the profiles', async () => {
    const profile = createOwnProfile();
    const calls = stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(profile),
      'POST /profiles/7/submit': () => ok({ profile: { ...profile, status: 'pending' }, balance: 500 }),
      'GET /profiles': () => ok({ items: [] }),
    });
    renderEditor('/profile/edit/7');
    await userEvent.click(await sendButton());
    await waitFor(() => expect(location.current).toBe('/profile'));
    expect(calls.some((call) => call.path === '/profiles/7/submit')).toBe(true);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ru.editor.sent));
  });

  it('says height, weight, bust size and appearance are optional, saves them cleared as empty and sends without them', async () => {
    const profile = createOwnProfile();
    const calls = stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(profile),
      'PUT /profiles/7': (body) => ok({ ...profile, draft: body, updatedAt: new Date().toISOString() }),
      'POST /profiles/7/submit': () => ok({ profile: { ...profile, status: 'pending' }, balance: 500 }),
      'GET /profiles': () => ok({ items: [] }),
    });
    renderEditor('/profile/edit/7');
    const user = userEvent.setup();
    const hintOf = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    const bounds = (key: 'height' | 'weight' | 'boobs') =>
      ru.editor.bounds[key]
        .replace('{{min}}', String(PROFILE_BOUNDS[key].min))
        .replace('{{max}}', String(PROFILE_BOUNDS[key].max));
    const height = await screen.findByLabelText(ru.editor.fields.height);
    const appearance = screen.getByLabelText(ru.editor.fields.appearance);
    expect(hintOf(height)).toBe(bounds('height'));
    expect(hintOf(height)).toMatch(/^Необязательно/);
    expect(hintOf(screen.getByLabelText(ru.editor.fields.weight))).toBe(bounds('weight'));
    expect(hintOf(screen.getByLabelText(ru.editor.fields.boobs))).toBe(bounds('boobs'));
    expect(hintOf(appearance)).toBe(ru.editor.appearanceHint);
    for (const field of [height, appearance]) {
      expect(field.hasAttribute('required')).toBe(false);
      expect(field.getAttribute('aria-required')).toBeNull();
    }

    await user.clear(height);
    await user.clear(screen.getByLabelText(ru.editor.fields.weight));
    await user.clear(screen.getByLabelText(ru.editor.fields.boobs));
    await user.selectOptions(appearance, ru.editor.appearanceNotSpecified);
    await user.tab();
    await waitFor(
      () =>
        expect(bodyOf(calls, 'PUT', '/profiles/7')).toMatchObject({
          height: '',
          weight: '',
          boobs: '',
          appearance: '',
        }),
      SAVE_WAIT,
    );
    expect(height.getAttribute('aria-invalid')).toBeNull();
    expect(appearance.getAttribute('aria-invalid')).toBeNull();

    await user.click(await sendButton());
    await waitFor(() => expect(location.current).toBe('/profile'));
    expect(calls.some((call) => call.path === '/profiles/7/submit')).toBe(true);
  });

  it('asks to change at least one field when an approved profile is sent unchanged', async () => {
    // The server leaves `submit` out of `actions` while nothing changed; the button stays and
    // pressing it gets the reason.
    const approved = createOwnProfile({
      status: 'active',
      changed: false,
      actions: ['save', 'extend', 'delete'],
    });
    stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(approved),
      'POST /profiles/7/submit': () => apiError(409, 'UPDATE_REQUIRED'),
    });
    const { container } = renderEditor('/profile/edit/7');
    await userEvent.click(await screen.findByRole('button', { name: ru.editor.send.send }));
    expect(await screen.findByText(ru.editor.errors.changeRequired)).toBeTruthy();
    expect(location.current).toBe('/profile/edit/7');
    await expectNoAxeViolations(container);
  });

  it('shows the fields the server finds incomplete', async () => {
    stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(createOwnProfile()),
      'POST /profiles/7/submit': () =>
        Response.json(
          {
            code: 'PROFILE_INCOMPLETE',
            message: 'x',
            fields: { 'prices.hour': 'validation.priceHourRequired' },
          },
          { status: 409 },
        ),
    });
    renderEditor('/profile/edit/7');
    await userEvent.click(await sendButton());
    expect(await screen.findByText(validation.priceHourRequired)).toBeTruthy();
    expect(screen.getByText(ru.editor.errors.incomplete)).toBeTruthy();
    expect(screen.getByLabelText(ru.editor.fields.prices.hour).getAttribute('aria-invalid')).toBe('true');
  });

  it('opens the top-up with the missing amount when the balance is short', async () => {
    stubApi({
      ...catalogue,
      'GET /profiles/7': () => ok(createOwnProfile()),
      'POST /profiles/7/submit': () => apiError(402, 'INSUFFICIENT_BALANCE'),
    });
    renderEditor('/profile/edit/7');
    await userEvent.click(await sendButton());
    expect(await screen.findByText(ru.editor.errors.insufficientBalance)).toBeTruthy();
    // 1 500 ₽ a month on a balance of 1 000 ₽.
    expect(store.get(topUpAtom)).toEqual({ shortBy: 500 });
  });

  it('needs a photo or video before sending', async () => {
    const calls = stubApi({ ...catalogue, 'GET /profiles/7': () => ok(createOwnProfile({ media: [] })) });
    renderEditor('/profile/edit/7');
    await userEvent.click(await sendButton());
    expect(await screen.findByText(validation.mediaRequired)).toBeTruthy();
    expect(calls.some((call) => call.path === '/profiles/7/submit')).toBe(false);
  });

  it('shows the status and the moderator’s reason of a rejected profile, and offers to resend', async () => {
    stubApi({
      ...catalogue,
      'GET /profiles/7': () =>
        ok(createOwnProfile({ status: 'rejected', rejectReason: 'Фото не соответствует', prepaidMonths: 1 })),
    });
    const { container } = renderEditor('/profile/edit/7');
    expect(await screen.findByText('Фото не соответствует')).toBeTruthy();
    expect(screen.getByText(ru.editor.status.rejected)).toBeTruthy();
    expect(screen.getByRole('button', { name: ru.editor.send.resend })).toBeTruthy();
    await screen.findByRole('button', { name: ru.media.pick });
    await expectNoAxeViolations(container);
  });

  it('shows the spec’s text with a retry when the profile does not load', async () => {
    stubApi({ ...catalogue, 'GET /profiles/7': () => apiError(404, 'MODEL_NOT_FOUND') });
    renderEditor('/profile/edit/7');
    expect(await screen.findByText(ru.editor.errors.notFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: ru.common.retry })).toBeTruthy();
  });
});

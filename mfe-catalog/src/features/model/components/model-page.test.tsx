import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, NotFoundPageProvider } from 'platform';
import { type ApiCall, apiError, ok, stubApi } from 'platform/testing';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { createModelCard, createModelDetails } from '../../../testing/builders';
import { location, renderAt } from '../../../testing/render';

let calls: ApiCall[] = [];
let complaintStatus = 201;

beforeEach(() => {
  complaintStatus = 201;
  calls = stubApi({
    'GET /model/404': () => apiError(404, 'MODEL_NOT_FOUND', { message: 'Анкета не найдена' }),
    'GET /model/410': () => apiError(410, 'PROFILE_GONE', { message: 'Анкета больше не показывается' }),
    'GET /model/404/alternatives': () =>
      ok({
        category: null,
        city: null,
        items: [createModelCard({ id: 21, name: 'Ника' }), createModelCard({ id: 22, name: 'Лада' })],
      }),
    'GET /model/410/alternatives': () =>
      ok({
        category: 'massage',
        city: { slug: 'kazan', name: { ru: 'Казань', en: 'Kazan' } },
        items: [
          createModelCard({
            id: 31,
            name: 'Ева',
            category: 'massage',
            city: { slug: 'kazan', name: { ru: 'Казань', en: 'Kazan' } },
          }),
        ],
      }),
    'POST /model/:id/complaints': () =>
      complaintStatus === 201
        ? ok({ ok: true }, { status: 201 })
        : apiError(409, 'COMPLAINT_ALREADY_SENT', { message: 'Жалоба уже отправлена' }),
    'POST /recommendations': () => ok({ items: [createModelCard({ id: 8, name: 'Вера' })] }),
    'POST /admin-panel/analytics/update-models-visit-count': () => ok({ ok: true }),
    'GET /model/:id': () =>
      ok(
        createModelDetails({
          id: 5,
          name: 'Мила',
          metro: { id: 3, name: { ru: 'Арбатская', en: 'Arbatskaya' } },
        }),
      ),
  });
});

describe('profile page', () => {
  it('links to her live stream while she streams, and not otherwise', async () => {
    stubApi({
      'POST /admin-panel/analytics/update-models-visit-count': () => ok({ ok: true }),
      'GET /model/6': () =>
        ok({ ...createModelDetails({ id: 6 }), liveStream: { id: 4, channelId: 'abc_DEF-12345678' } }),
      'GET /model/7': () => ok({ ...createModelDetails({ id: 7 }), liveStream: null }),
    });
    renderAt('/girl/6', <CatalogRoutes />);
    const link = await screen.findByTestId('profile-live-link');
    expect(link.getAttribute('href')).toBe('/stream/4/abc_DEF-12345678');
    expect(link.textContent).toBe('Смотреть эфир');
    cleanup();
    renderAt('/girl/7', <CatalogRoutes />);
    await screen.findByTestId('model-page');
    expect(screen.queryByTestId('profile-live-link')).toBeNull();
  });

  it('links each contact where people expect it: the dialler and Telegram', async () => {
    renderAt('/girl/5?tab=contacts', <CatalogRoutes />);
    const phone = await screen.findByRole('link', { name: '+79990001122' });
    expect(phone.getAttribute('href')).toBe('tel:+79990001122');
    const telegram = screen.getByRole('link', { name: '@anna_test' });
    expect(telegram.getAttribute('href')).toBe('https://t.me/anna_test');
    expect(telegram.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("shows the shell's 404 page for an address that is no profile id", async () => {
    renderAt(
      '/girl/not-a-number',
      <NotFoundPageProvider value={() => <h1>the site's 404 page</h1>}>
        <CatalogRoutes />
      </NotFoundPageProvider>,
    );
    expect(await screen.findByRole('heading', { name: "the site's 404 page" })).toBeTruthy();
  });

  it('shows the price tab first and moves between tabs, keeping the tab in the URL', async () => {
    renderAt('/girl/5', <CatalogRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: /Мила/ })).toBeTruthy();
    const price = await screen.findByRole('tab', { name: 'Цена' });
    expect(price.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toMatch(/5\s000 ₽/);

    await userEvent.click(screen.getByRole('tab', { name: 'Услуги' }));
    expect(location.current).toBe('/girl/5?tab=services');
    expect(screen.getByRole('tabpanel').textContent).toContain('Классический массаж');

    // Arrow keys move between tabs, as the tab pattern expects.
    act(() => screen.getByRole('tab', { name: 'Услуги' }).focus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Описание' }).getAttribute('aria-selected')).toBe('true'),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Похожие' }));
    expect(await screen.findByText(/Вера/)).toBeTruthy();
    expect(calls.find((call) => call.url.pathname.endsWith('/recommendations'))?.body).toEqual({ id: 5 });
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost:3000/girl/5',
    );
  });

  it('opens the tab named in the URL', async () => {
    renderAt('/girl/5?tab=place', <CatalogRoutes />);
    expect((await screen.findByRole('tab', { name: 'Место' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('Арбатская');
  });

  it('shows the figures a profile gives and leaves out the ones it does not, never as 0 or blank', async () => {
    renderAt('/girl/5?tab=data', <CatalogRoutes />);
    const full = await screen.findByRole('tabpanel');
    await waitFor(() => expect(full.textContent).toContain('168 см'));
    expect(full.textContent).toContain('Славянская');
    cleanup();

    stubApi({
      'POST /admin-panel/analytics/update-models-visit-count': () => ok({ ok: true }),
      'GET /model/:id': () =>
        ok(createModelDetails({ id: 6, height: null, weight: null, boobs: null, appearance: null })),
    });
    renderAt('/girl/6?tab=data', <CatalogRoutes />);
    const panel = await screen.findByRole('tabpanel');
    await waitFor(() => expect(panel.textContent).toContain('Возраст'));
    expect(
      within(panel)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Возраст']);
    for (const text of ['Рост', 'Вес', 'Размер груди', 'Внешность', 'null', 'undefined', 'см'])
      expect(panel.textContent).not.toContain(text);
  });

  it('counts the view once after a short delay', async () => {
    renderAt('/girl/5', <CatalogRoutes />);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname.endsWith('/update-models-visit-count'))).toHaveLength(
        1,
      ),
    );
    expect(calls.find((call) => call.url.pathname.endsWith('/update-models-visit-count'))?.body).toEqual({
      modelId: 5,
    });
  });

  it('sends a complaint with a reason and text, and requires text for "other"', async () => {
    renderAt('/girl/5', <CatalogRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Пожаловаться на анкету' }));
    const dialog = await screen.findByRole('dialog', { name: 'Жалоба на анкету' });

    await userEvent.click(screen.getByLabelText('Другое'));
    await userEvent.click(screen.getByRole('button', { name: 'Отправить жалобу' }));
    expect(await screen.findByText('Опишите, что не так с анкетой')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname.endsWith('/complaints'))).toBe(false);

    await userEvent.click(screen.getByLabelText('Контакты не работают'));
    await userEvent.type(screen.getByLabelText('Комментарий (необязательно)'), 'Телефон не отвечает');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить жалобу' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(calls.find((call) => call.url.pathname.endsWith('/model/5/complaints'))?.body).toEqual({
      reason: 'wrong_contacts',
      text: 'Телефон не отвечает',
    });
  });

  it('shows the server message when a complaint was already sent', async () => {
    complaintStatus = 409;
    renderAt('/girl/5', <CatalogRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Пожаловаться на анкету' }));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByLabelText('Мошенничество или требование предоплаты'));
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Отправить жалобу' })));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the page of a profile that is not shown', () => {
  afterEach(async () => {
    await i18n.changeLanguage('ru');
  });

  // The section's heading shows while its profiles load (under a skeleton): the list is awaited.
  const cardLinks = async () =>
    within(await screen.findByTestId('model-alternatives'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));

  it("says an unknown profile is not found, with the categories and the catalogue's first profiles", async () => {
    const { container } = renderAt(
      '/girl/404',
      // Not the site's generic 404 page: this page says what is missing.
      <NotFoundPageProvider value={() => <h1>the site's 404 page</h1>}>
        <CatalogRoutes />
      </NotFoundPageProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Анкета не найдена' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "the site's 404 page" })).toBeNull();
    expect(screen.getByText(/Такой анкеты нет/)).toBeTruthy();
    const categories = within(screen.getByRole('list', { name: 'Категории' }));
    expect(categories.getByRole('link', { name: 'Массаж' }).getAttribute('href')).toBe(
      '/category/massage?page=1',
    );
    expect(categories.getAllByRole('link')).toHaveLength(4);
    expect(await screen.findByRole('heading', { level: 2, name: 'Сейчас в каталоге' })).toBeTruthy();
    expect(await cardLinks()).toEqual(['/girl/21', '/girl/22']);
    expect(screen.getByRole('link', { name: 'Весь каталог' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Анкета не найдена');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says a profile that is gone is no longer shown, and offers profiles from its city and category', async () => {
    renderAt('/girl/410', <CatalogRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Анкета не найдена' })).toBeTruthy();
    expect(screen.getByText(/больше не показывается/)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Похожие анкеты' })).toBeTruthy();
    expect(await cardLinks()).toEqual(['/girl/31']);
    expect(screen.getByRole('link', { name: 'Все анкеты: Массаж, Казань' }).getAttribute('href')).toBe(
      '/category/massage?city=kazan&page=1',
    );
  });

  it('speaks English on the English site', async () => {
    await i18n.changeLanguage('en');
    renderAt('/girl/410', <CatalogRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'All profiles: Massage, Kazan' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Similar profiles' })).toBeTruthy();
    expect(document.title).toBe('Profile not found');
  });

  it('takes its noindex away when the visitor moves on to a profile', async () => {
    renderAt('/girl/404', <CatalogRoutes />);
    await screen.findByTestId('model-alternatives');
    await userEvent.click(screen.getByRole('link', { name: /Ника/ }));
    expect(await screen.findByRole('heading', { level: 1, name: /Мила/ })).toBeTruthy();
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
  });
});

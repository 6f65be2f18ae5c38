import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotFoundPageProvider } from 'platform';
import { type ApiCall, apiError, ok, stubApi } from 'platform/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import CatalogRoutes from '../../../app/routes';
import { createModelCard, createModelDetails } from '../../../testing/builders';
import { location, renderAt } from '../../../testing/render';

let calls: ApiCall[] = [];
let complaintStatus = 201;

beforeEach(() => {
  complaintStatus = 201;
  calls = stubApi({
    'GET /model/404': () => apiError(404, 'MODEL_NOT_FOUND', { message: 'Анкета не найдена' }),
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
  it('links each contact where people expect it: the dialler and Telegram', async () => {
    renderAt('/girl/5?tab=contacts', <CatalogRoutes />);
    const phone = await screen.findByRole('link', { name: '+79990001122' });
    expect(phone.getAttribute('href')).toBe('tel:+79990001122');
    const telegram = screen.getByRole('link', { name: '@anna_test' });
    expect(telegram.getAttribute('href')).toBe('https://t.me/anna_test');
    expect(telegram.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("shows the shell's 404 page for a profile that is not there", async () => {
    renderAt(
      '/girl/404',
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

  it('says the model is not found for a missing or blocked profile', async () => {
    renderAt('/girl/404', <CatalogRoutes />);
    expect(await screen.findByText('Анкета не найдена', { selector: 'p' })).toBeTruthy();
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

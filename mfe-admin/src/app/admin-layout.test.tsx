import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import ru from '../locales/ru.json';
import { ok, renderAt, stubApi } from '../testing/render';
import { AdminLayout } from './admin-layout';

function renderLayout(url: string, counts = { profiles: 3, campaigns: 0, complaints: 120 }) {
  stubApi({ 'GET /admin-panel/counts': () => ok(counts) });
  return renderAt(
    url,
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="*" element={<p>screen</p>} />
      </Route>
    </Routes>,
  );
}

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the administration frame', () => {
  it('lists the queues first with what waits in each (99+ above 99, nothing at 0), then the records', async () => {
    const { container } = renderLayout('/admin');
    const nav = screen.getByRole('navigation', { name: ru.nav.label });
    await waitFor(() => expect(within(nav).getByTestId('admin-nav-profiles').textContent).toContain('3'));
    expect(within(nav).getByTestId('admin-nav-profiles').textContent).toContain('3 ждут');
    expect(within(nav).getByTestId('admin-nav-complaints').textContent).toContain('99+');
    expect(within(nav).getByTestId('admin-nav-campaigns').textContent).toBe(ru.nav.campaigns);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/admin',
      '/admin/ads',
      '/admin/complaints',
      '/admin/accounts',
      '/admin/payments',
      '/admin/promo-codes',
      '/admin/site',
      '/admin/releases',
      '/admin/audit',
    ]);
    await expectNoAxeViolations(container);
  });

  it('marks the queue a review view belongs to', () => {
    renderLayout('/admin/profiles/41');
    const nav = screen.getByRole('navigation', { name: ru.nav.label });
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/admin');
  });

  it('marks the ads queue on an ad review', () => {
    renderLayout('/admin/ads/7');
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/admin/ads');
  });

  it('marks the complaints on a profile of the complaints', () => {
    renderLayout('/admin/complaints/41');
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/admin/complaints');
  });
});

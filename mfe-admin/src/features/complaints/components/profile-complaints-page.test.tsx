import { screen, within } from '@testing-library/react';
import { i18n } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { ok, renderAt, stubApi } from '../../../testing/render';
import { createComplainedProfile } from '../testing/complaints-data';
import ProfileComplaintsPage from './profile-complaints-page';

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe("a profile's complaints", () => {
  it('lists every complaint with what the visitor wrote, and offers dismiss and block', async () => {
    stubApi({
      'GET /admin-panel/complaints/profiles/:id': () =>
        ok({
          profile: createComplainedProfile({ openComplaints: 1 }),
          items: [
            {
              id: 3,
              reason: 'other',
              text: 'Те же фото, что у другой анкеты',
              status: 'new',
              day: '2026-11-20',
              visitor: 'v-3f2a',
              createdAt: '2026-11-20T09:00:00.000Z',
            },
            {
              id: 2,
              reason: 'scam',
              text: null,
              status: 'dismissed',
              day: '2026-11-01',
              visitor: 'v-91bc',
              createdAt: '2026-11-01T09:00:00.000Z',
            },
          ],
          total: 2,
          page: 1,
          perPage: 20,
          pageCount: 1,
        }),
    });
    const { container } = renderAt(
      '/admin/complaints/41',
      <Routes>
        <Route path="/admin/complaints/:id" element={<ProfileComplaintsPage />} />
      </Routes>,
    );
    const table = await screen.findByTestId('profile-complaints');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Те же фото, что у другой анкеты');
    expect(rows[0]?.textContent).toContain(ru.complaints.statuses.new);
    expect(rows[1]?.textContent).toContain(ru.complaints.statuses.dismissed);
    expect(screen.getByRole('button', { name: 'Заблокировать Алина' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});

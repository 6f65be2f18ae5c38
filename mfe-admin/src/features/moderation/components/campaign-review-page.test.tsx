import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { location, ok, renderAt, stubApi } from '../../../testing/render';
import { adminCampaignOf, claimOf, createCampaign } from '../testing/moderation-data';
import CampaignReviewPage from './campaign-review-page';

/** Counts are formatted with a narrow no-break space between thousands. */
const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

afterEach(() => cleanup());
beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the review of an ad', () => {
  it('shows the ad, claims it, rejects it with a reason and goes back to an empty queue', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /admin-panel/moderation/campaigns/:id': () =>
        ok(
          adminCampaignOf(
            createCampaign({ impressionsServed: 40, clicks: 3, refusedImpressions: 1200, refusedClicks: 5 }),
          ),
        ),
      'POST /admin-panel/moderation/campaigns/:id/claim': () => ok({ claim: claimOf('me', true) }),
      'POST /admin-panel/moderation/campaigns/:id/reject': () => ok({}),
      'GET /admin-panel/moderation/campaigns': () =>
        ok({ items: [], total: 0, page: 1, perPage: 100, pageCount: 0 }),
    });
    const { container } = renderAt(
      '/admin/ads/7',
      <Routes>
        <Route path="/admin/ads/:id" element={<CampaignReviewPage />} />
        <Route path="/admin/ads" element={<p>queue</p>} />
      </Routes>,
    );
    const fields = await screen.findByTestId('campaign-fields');
    expect(fields.textContent).toContain('Вечер в спа');
    expect(within(fields).getByRole('link', { name: 'https://example.com/spa' })).toBeTruthy();
    // What was counted, and what was refused (not billed).
    expect(within(fields).getByText(ru.review.campaign.fields.refused)).toBeTruthy();
    expect(text(within(fields).getByTestId('campaign-refused').textContent)).toBe(
      'показов: 1 200, переходов: 5',
    );
    await screen.findByTestId('claim-banner');
    await expectNoAxeViolations(container);

    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: ru.reasons.campaigns.link }));
    await user.click(within(dialog).getByRole('button', { name: ru.reasons.submit }));
    await waitFor(() => expect(location.current).toBe('/admin/ads'), { timeout: 5000 });
    expect(calls.find((call) => call.path === '/admin-panel/moderation/campaigns/7/reject')?.body).toEqual({
      reason: ru.reasons.campaigns.link,
    });
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from 'account-ui';
import { i18n } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { location, ok, renderAt, stubApi } from '../../../testing/render';
import {
  CITIES,
  claimOf,
  createDetails,
  createQueueItem,
  queueOf,
  SERVICES,
} from '../testing/moderation-data';
import ProfileReviewPage from './profile-review-page';

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

const CLAIMED_BY_OLGA = () =>
  Response.json(
    { code: 'CLAIMED', message: 'CLAIMED', params: { by: 'olga', until: '2026-11-20T10:05:00.000Z' } },
    { status: 409 },
  );

function stubReview(routes: Record<string, (body: unknown) => Response | Promise<Response>> = {}) {
  return stubApi({
    'GET /admin-panel/moderation/profiles/:id': () => ok(createDetails()),
    'POST /admin-panel/moderation/profiles/:id/claim': () => ok({ claim: claimOf('me', true) }),
    'DELETE /admin-panel/moderation/profiles/:id/claim': () => new Response(null, { status: 204 }),
    'GET /admin-panel/moderation/profiles': () =>
      ok(queueOf([createQueueItem({ id: 41 }), createQueueItem({ id: 42, name: 'Вера' })])),
    'GET /cities': () => ok(CITIES),
    'GET /services': () => ok(SERVICES),
    ...routes,
  });
}

function renderReview(id = 41) {
  return renderAt(
    `/admin/profiles/${id}`,
    <Routes>
      <Route path="/admin/profiles/:id" element={<ProfileReviewPage />} />
      <Route path="/admin" element={<p>queue</p>} />
    </Routes>,
  );
}

// Leaving a review releases its claim: unmount while the stubs still answer.
afterEach(() => cleanup());

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockClear();
});

describe('the review of a profile', () => {
  it('shows the submitted version beside the approved one, changed fields marked, every photo and the video', async () => {
    stubReview();
    const { container } = renderReview();
    const table = await screen.findByTestId('profile-compare');
    const name = within(table).getByTestId('row-name');
    expect(name.hasAttribute('data-changed')).toBe(true);
    expect(name.textContent).toContain(ru.review.changed);
    expect(name.textContent).toContain('Алёна');
    expect(name.textContent).toContain('Алина');
    expect(within(table).getByTestId('row-prices.hour').hasAttribute('data-changed')).toBe(true);
    expect(within(table).getByTestId('row-age').hasAttribute('data-changed')).toBe(false);
    expect(await within(table).findAllByText('Классический массаж')).toHaveLength(2);
    const media = screen.getByTestId('submitted-media');
    expect(within(media).getAllByRole('img')).toHaveLength(2);
    expect(media.querySelector('video')?.getAttribute('src')).toBe('/media/13.mp4');
    expect(within(media).getAllByText(ru.review.media.added)).toHaveLength(2);
    expect(await screen.findByTestId('claim-banner')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('claims the item on opening and releases it on leaving', async () => {
    const calls = stubReview();
    const { unmount } = renderReview();
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/41/claim'))).toBe(true),
    );
    expect((await screen.findByTestId('claim-banner')).textContent).toContain('Вы проверяете это до');
    unmount();
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/41/claim'))).toBe(true),
    );
  });

  it('says who holds an item another moderator claimed, and keeps approve and reject off', async () => {
    const user = userEvent.setup();
    const calls = stubReview({ 'POST /admin-panel/moderation/profiles/:id/claim': CLAIMED_BY_OLGA });
    renderReview();
    expect((await screen.findByTestId('claim-banner')).textContent).toContain('Это проверяет olga до');
    expect(screen.getByRole('button', { name: /Одобрить/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Отклонить/ })).toHaveProperty('disabled', true);
    await user.keyboard('a');
    expect(calls.some((call) => call.path.endsWith('/approve'))).toBe(false);
  });

  it('approves with A, says so, and opens the next item of the queue', async () => {
    const user = userEvent.setup();
    const calls = stubReview({
      'POST /admin-panel/moderation/profiles/:id/approve': () => ok({}),
    });
    renderReview();
    await screen.findByTestId('claim-banner');
    await user.keyboard('a');
    await waitFor(() => expect(location.current).toBe('/admin/profiles/42'));
    expect(calls.find((call) => call.path.endsWith('/approve'))?.path).toBe(
      '/admin-panel/moderation/profiles/41/approve',
    );
    expect(notify).toHaveBeenCalledWith('success', '«Алина» одобрено');
    // The server released the claim with the decision: no DELETE for 41.
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/41/claim'))).toBe(false);
  });

  it('goes back to the queue with a toast when nothing else waits', async () => {
    const user = userEvent.setup();
    stubReview({
      'POST /admin-panel/moderation/profiles/:id/approve': () => ok({}),
      'GET /admin-panel/moderation/profiles': () => ok(queueOf([])),
    });
    renderReview();
    await screen.findByTestId('claim-banner');
    await user.click(screen.getByRole('button', { name: /Одобрить/ }));
    await waitFor(() => expect(location.current).toBe('/admin'));
    expect(notify).toHaveBeenCalledWith('success', ru.review.toasts.queueDone);
  });

  it('rejects with R: a reason from the list, or a typed one that is required', async () => {
    const user = userEvent.setup();
    const calls = stubReview({ 'POST /admin-panel/moderation/profiles/:id/reject': () => ok({}) });
    renderReview();
    await screen.findByTestId('claim-banner');
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить «Алина»' });
    await user.click(within(dialog).getByRole('button', { name: ru.reasons.submit }));
    expect(within(dialog).getByRole('alert').textContent).toBe(ru.reasons.chooseRequired);

    await user.click(within(dialog).getByRole('radio', { name: ru.reasons.other }));
    const field = within(dialog).getByRole('textbox', { name: ru.reasons.otherLabel });
    // Typing in the field is not a shortcut.
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: ru.reasons.submit }));
    expect(within(dialog).getByRole('alert').textContent).toBe(ru.reasons.otherRequired);
    await user.type(field, 'На фото другой человек');
    await user.click(within(dialog).getByRole('button', { name: ru.reasons.submit }));
    await waitFor(() => expect(location.current).toBe('/admin/profiles/42'));
    expect(calls.find((call) => call.path.endsWith('/reject'))?.body).toEqual({
      reason: 'На фото другой человек',
    });
    expect(calls.some((call) => call.path.endsWith('/approve'))).toBe(false);
  });

  it("sends a listed reason in the moderator's words", async () => {
    const user = userEvent.setup();
    const calls = stubReview({ 'POST /admin-panel/moderation/profiles/:id/reject': () => ok({}) });
    renderReview();
    await screen.findByTestId('claim-banner');
    await user.click(screen.getByRole('button', { name: /Отклонить/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: ru.reasons.profiles.duplicate }));
    await user.click(within(dialog).getByRole('button', { name: ru.reasons.submit }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/reject'))).toBe(true));
    expect(calls.find((call) => call.path.endsWith('/reject'))?.body).toEqual({
      reason: ru.reasons.profiles.duplicate,
    });
  });

  it('moves on with N without deciding, and lists the keys with ?', async () => {
    const user = userEvent.setup();
    const calls = stubReview();
    renderReview();
    await screen.findByTestId('claim-banner');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: ru.shortcuts.title });
    expect(within(dialog).getByText(ru.shortcuts.approve)).toBeTruthy();
    // Keys do nothing while a dialog is open.
    await user.keyboard('n');
    expect(location.current).toBe('/admin/profiles/41');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('n');
    await waitFor(() => expect(location.current).toBe('/admin/profiles/42'));
    expect(calls.some((call) => call.path.endsWith('/approve') || call.path.endsWith('/reject'))).toBe(false);
  });

  it('shows who took the item over when a decision is refused with CLAIMED', async () => {
    const user = userEvent.setup();
    stubReview({ 'POST /admin-panel/moderation/profiles/:id/approve': CLAIMED_BY_OLGA });
    renderReview();
    await screen.findByTestId('claim-banner');
    await user.keyboard('a');
    await waitFor(() =>
      expect(screen.getByTestId('claim-banner').textContent).toContain('Это проверяет olga'),
    );
    expect(location.current).toBe('/admin/profiles/41');
    expect(notify).toHaveBeenCalledWith('error', expect.stringContaining('olga'));
  });

  it('has only the submitted column for a first publication', async () => {
    stubReview({
      'GET /admin-panel/moderation/profiles/:id': () =>
        ok(createDetails({ firstPublication: true, approved: null, approvedMedia: [], changes: null })),
    });
    renderReview();
    const table = await screen.findByTestId('profile-compare');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([ru.review.columns.field, ru.review.columns.submitted]);
    expect(screen.queryByTestId('approved-media')).toBeNull();
  });

  it('leaves out the optional fields no version fills in, and shows one cleared or filled in as a change', async () => {
    const details = createDetails();
    const blank = { height: null, weight: null, boobs: null, appearance: null };
    stubReview({
      'GET /admin-panel/moderation/profiles/:id': () =>
        ok({
          ...details,
          // She clears the height and gives an appearance; weight and bust size were never given.
          submitted: { ...details.submitted, ...blank, appearance: 'ASIAN' },
          approved: { ...details.approved, ...blank, height: 170 },
          changes: { ...details.changes, fields: ['height', 'appearance'] },
        }),
    });
    renderReview();
    const table = await screen.findByTestId('profile-compare');
    expect(within(table).queryByTestId('row-weight')).toBeNull();
    expect(within(table).queryByTestId('row-boobs')).toBeNull();
    const height = within(table).getByTestId('row-height');
    expect(height.hasAttribute('data-changed')).toBe(true);
    expect([...height.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '170',
      ru.review.blank,
    ]);
    const appearance = within(table).getByTestId('row-appearance');
    expect([...appearance.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      ru.review.blank,
      ru.review.values.appearance.ASIAN,
    ]);
    expect(table.textContent).not.toMatch(/null|undefined/);
  });
});

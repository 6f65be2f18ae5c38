import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from 'account-ui';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../locales/ru.json';
import { ok, renderAt, stubApi } from '../../../testing/render';
import { complaintQueueOf, createComplainedProfile, createComplaintItem } from '../testing/complaints-data';
import ComplaintsPage from './complaints-page';

vi.mock('account-ui', async (original) => ({
  ...(await original<typeof import('account-ui')>()),
  notify: vi.fn(),
}));

beforeEach(() => {
  void i18n.changeLanguage('ru');
  vi.mocked(notify).mockClear();
});

const HELD = createComplaintItem({
  profile: createComplainedProfile({ id: 40, name: 'Ника', heldAt: '2026-11-20T08:00:00.000Z' }),
  count: 5,
  visitors: 5,
});

describe('the complaints list', () => {
  it('shows each profile with its counts and reasons, the hidden ones marked', async () => {
    stubApi({ 'GET /admin-panel/complaints': () => ok(complaintQueueOf([HELD, createComplaintItem()])) });
    const { container } = renderAt('/admin/complaints', <ComplaintsPage />);
    const [held, other] = (await screen.findAllByTestId('complaint-item')) as [HTMLElement, HTMLElement];
    expect(held.textContent).toContain(ru.complaints.held);
    expect(held.textContent).toContain('5 жалоб');
    expect(other.textContent).toContain('3 жалобы');
    expect(other.textContent).toContain('от 2 посетителей');
    expect(
      within(other)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Чужие фото × 2', 'Мошенничество × 1']);
    expect(within(other).getByRole('link', { name: 'Алина' }).getAttribute('href')).toBe(
      '/admin/complaints/41',
    );
    await expectNoAxeViolations(container);
  });

  it('dismisses only after the question, and says so', async () => {
    const user = userEvent.setup();
    let items = [HELD];
    const calls = stubApi({
      'GET /admin-panel/complaints': () => ok(complaintQueueOf(items)),
      'POST /admin-panel/complaints/profiles/:id/dismiss': () => {
        items = [];
        return ok(createComplainedProfile({ id: 40 }));
      },
      'GET /admin-panel/counts': () => ok({ profiles: 0, campaigns: 0, complaints: 0 }),
    });
    renderAt('/admin/complaints', <ComplaintsPage />);
    await user.click(await screen.findByRole('button', { name: 'Отклонить жалобы на Ника' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('анкету снова увидят посетители');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: ru.complaints.confirmDismiss.confirm }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Жалобы на «Ника» отклонены'));
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(
      '/admin-panel/complaints/profiles/40/dismiss',
    );
    expect(await screen.findByText(ru.complaints.empty)).toBeTruthy();
  });

  it('blocks only with a comment for the owner', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /admin-panel/complaints': () => ok(complaintQueueOf([createComplaintItem()])),
      'POST /admin-panel/profiles/:id/block': () => ok(createComplainedProfile({ isBlocked: true })),
      'GET /admin-panel/counts': () => ok({ profiles: 0, campaigns: 0, complaints: 0 }),
    });
    renderAt('/admin/complaints', <ComplaintsPage />);
    await user.click(await screen.findByRole('button', { name: 'Заблокировать Алина' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать «Алина»?' });
    await user.click(within(dialog).getByRole('button', { name: ru.complaints.block.confirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(ru.complaints.block.commentRequired);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(
      within(dialog).getByRole('textbox', { name: ru.complaints.block.comment }),
      'Фото с чужой анкеты',
    );
    await user.click(within(dialog).getByRole('button', { name: ru.complaints.block.confirm }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', '«Алина» заблокирована'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/admin-panel/profiles/41/block',
      body: { reason: 'Фото с чужой анкеты' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when nothing is open', async () => {
    stubApi({ 'GET /admin-panel/complaints': () => ok(complaintQueueOf([])) });
    renderAt('/admin/complaints', <ComplaintsPage />);
    expect(await screen.findByText(ru.complaints.empty)).toBeTruthy();
  });
});

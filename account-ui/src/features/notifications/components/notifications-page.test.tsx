import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationItem, NotificationListResponse } from 'contracts';
import { useQuery } from '@tanstack/react-query';
import { i18n, unreadCountQueryOptions } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { apiError, ok, renderAt, stubApi } from '../../../testing/render';
import NotificationsPage from './notifications-page';

const item = (id: number, read: boolean): NotificationItem => ({
  id,
  kind: 'profile_approved',
  params: { profileName: `Anna ${id}` },
  title: `Анкета Anna ${id} одобрена`,
  text: `Анкета Anna ${id} прошла модерацию и опубликована.`,
  read,
  createdAt: new Date(Date.UTC(2026, 0, id, 10)).toISOString(),
});
const list = (items: NotificationItem[], overrides: Partial<NotificationListResponse> = {}) =>
  ok({
    items,
    total: items.length,
    page: 1,
    perPage: 20,
    pageCount: 1,
    unreadCount: items.filter((entry) => !entry.read).length,
    ...overrides,
  });
/** What the shell's badge does: it reads the unread count query. */
function ShellBadge() {
  const count = useQuery(unreadCountQueryOptions()).data?.unreadCount;
  return <output data-testid="badge">{count}</output>;
}

const markButton = () => screen.queryByRole('button', { name: ru.notifications.markRead });

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the notifications page', () => {
  it('marks the unread ones on screen in one call, then reads the lists and the badge count again', async () => {
    let read = false;
    const calls = stubApi({
      'GET /notifications': () => list([item(3, read), item(2, read), item(1, true)]),
      'PATCH /notifications/mark-multiple': () => {
        read = true;
        return ok({ updated: 2 });
      },
      'GET /notifications/unread-count': () => ok({ unreadCount: read ? 0 : 2 }),
    });
    const { container } = renderAt(
      '/profile/notifications',
      <>
        <NotificationsPage />
        <ShellBadge />
      </>,
    );
    const cards = await screen.findAllByTestId('notification');
    expect(cards.map((card) => card.dataset.read)).toEqual(['false', 'false', 'true']);
    expect(screen.getAllByRole('img', { name: ru.notifications.unread })).toHaveLength(2);
    await expectNoAxeViolations(container);

    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('2'));
    await userEvent.click(markButton() as HTMLElement);

    await waitFor(() => expect(markButton()).toBeNull());
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.body)).toEqual([{ notificationIds: [3, 2] }]);
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('0'));
    expect(screen.queryAllByRole('img', { name: ru.notifications.unread })).toHaveLength(0);
    expect(calls.filter((call) => call.path === '/notifications')).toHaveLength(2);
  });

  it('asks for the page in the URL and moves between pages', async () => {
    const calls = stubApi({
      'GET /notifications': (_body, call) => {
        const page = Number(call.url.searchParams.get('page'));
        return list([item(page, true)], { total: 25, page, pageCount: 2, unreadCount: 0 });
      },
    });
    renderAt('/profile/notifications?page=2', <NotificationsPage />);
    expect(await screen.findByText('Страница 2 из 2')).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: ru.notifications.pagination.next })).toHaveProperty(
      'disabled',
      true,
    );

    await userEvent.click(screen.getByRole('button', { name: ru.notifications.pagination.previous }));
    expect(await screen.findByText('Страница 1 из 2')).toBeTruthy();
    expect(markButton()).toBeNull();
  });

  it('says so when there are none', async () => {
    stubApi({ 'GET /notifications': () => list([]) });
    const { container } = renderAt('/profile/notifications', <NotificationsPage />);
    expect(await screen.findByText(ru.notifications.empty.title)).toBeTruthy();
    expect(markButton()).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('shows the error with a retry when the list fails to load', async () => {
    let fail = true;
    stubApi({ 'GET /notifications': () => (fail ? apiError(403, 'FORBIDDEN') : list([item(1, false)])) });
    renderAt('/profile/notifications', <NotificationsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain(ru.notifications.errors.load);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: ru.common.retry }));
    expect(await screen.findAllByTestId('notification')).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import ru from '../../../locales/ru.json';
import { location, ok, renderAt, stubApi } from '../../../testing/render';
import { claimOf, createQueueItem, queueOf } from '../testing/moderation-data';
import ProfilesQueuePage from './profiles-queue-page';

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('the profiles queue', () => {
  it('lists what waits, oldest first, with what changed and who is reviewing which', async () => {
    stubApi({
      'GET /admin-panel/moderation/profiles': () =>
        ok(
          queueOf([
            createQueueItem({ id: 41, claim: claimOf('olga') }),
            createQueueItem({ id: 42, name: 'Вера', firstPublication: true, changes: null }),
          ]),
        ),
    });
    const { container } = renderAt('/admin', <ProfilesQueuePage />);
    const items = await screen.findAllByTestId('queue-item');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Алина' }).getAttribute('href')).toBe(
      '/admin/profiles/41',
    );
    expect(first.textContent).toContain('Изменено: Имя, 1 час, фото или видео');
    expect(within(first).getByTestId('queue-claim').textContent).toContain('Проверяет olga до');
    expect(second.textContent).toContain(ru.queue.firstPublication);
    expect(screen.getByText('2 ждут, сначала самые давние')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('starts reviewing at the oldest item nobody else holds', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /admin-panel/moderation/profiles': () =>
        ok(queueOf([createQueueItem({ id: 41, claim: claimOf('olga') }), createQueueItem({ id: 42 })])),
    });
    renderAt('/admin', <ProfilesQueuePage />);
    await user.click(await screen.findByRole('button', { name: ru.queue.start }));
    await waitFor(() => expect(location.current).toBe('/admin/profiles/42'));
  });

  it('says so when nothing waits', async () => {
    stubApi({ 'GET /admin-panel/moderation/profiles': () => ok(queueOf([])) });
    renderAt('/admin', <ProfilesQueuePage />);
    expect(await screen.findByText(ru.queue.empty.profiles)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ru.queue.start })).toBeNull();
  });

  it('shows a skeleton while the queue loads', () => {
    stubApi({ 'GET /admin-panel/moderation/profiles': () => new Promise<Response>(() => undefined) });
    renderAt('/admin', <ProfilesQueuePage />);
    expect(screen.getByRole('status', { name: ru.common.loading }).getAttribute('aria-busy')).toBe('true');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { BADGE_CAP, Badge, formatBadgeCount, NotificationBadge } from './badge';

describe('NotificationBadge', () => {
  it('shows 99+ above 99 and nothing at 0', () => {
    const { container, rerender } = render(<NotificationBadge count={0} />);
    expect(container.textContent).toBe('');

    rerender(<NotificationBadge count={BADGE_CAP} />);
    expect(container.textContent).toBe('99');

    rerender(<NotificationBadge count={BADGE_CAP + 1} />);
    expect(container.textContent).toBe('99+');
  });

  it('gives screen readers the full phrase instead of the bare number', async () => {
    const { container } = render(
      <button type="button">
        Notifications <NotificationBadge count={5} label="5 unread" />
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Notifications 5 unread' })).toBeDefined();
    await expectNoAxeViolations(container);
  });
});

describe('formatBadgeCount', () => {
  it('hides non-positive counts and caps large ones', () => {
    expect(formatBadgeCount(-1)).toBeNull();
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(1000)).toBe('99+');
    expect(formatBadgeCount(12, 9)).toBe('9+');
  });
});

describe('Badge', () => {
  it('renders its variant, with a status dot when online', async () => {
    const { container } = render(
      <>
        <Badge variant="top">Top</Badge>
        <Badge variant="online">Online</Badge>
      </>,
    );
    expect(screen.getByText('Top').className).toBe('badge top');
    expect(screen.getByText('Online').querySelector('.dot')?.getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations(container);
  });
});

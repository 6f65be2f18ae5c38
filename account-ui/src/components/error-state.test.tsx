import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorState } from './error-state';
import { ScreenSkeleton } from './screen-skeleton';

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('ErrorState', () => {
  it('says what failed and loads it again on Retry', async () => {
    const onRetry = vi.fn();
    const { container } = render(<ErrorState message="Не удалось загрузить анкеты" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Не удалось загрузить анкеты');
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledOnce();
    await expectNoAxeViolations(container);
  });

  it('says something went wrong when it is given no message', () => {
    render(<ErrorState onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Что-то пошло не так');
  });
});

describe('ScreenSkeleton', () => {
  it('is a busy status named as loading', () => {
    render(<ScreenSkeleton />);
    expect(screen.getByRole('status', { name: 'Загрузка…' }).getAttribute('aria-busy')).toBe('true');
  });
});

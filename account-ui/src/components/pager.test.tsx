import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'platform';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../locales/ru.json';
import '../i18n';
import { Pager } from './pager';

const texts = ru.notifications.pagination;
const renderPager = (page: number, pageCount: number, onPage = vi.fn()) => {
  const view = render(
    <Pager
      namespace="account"
      keyPrefix="notifications.pagination"
      page={page}
      pageCount={pageCount}
      onPage={onPage}
    />,
  );
  return { ...view, onPage };
};

beforeEach(() => {
  void i18n.changeLanguage('ru');
});

describe('Pager', () => {
  it('shows nothing when the list fits on one page', () => {
    const { container } = renderPager(1, 1);
    expect(container.innerHTML).toBe('');
  });

  it("names itself and the page with the app's texts, and moves one page at a time", async () => {
    const user = userEvent.setup();
    const { container, onPage } = renderPager(2, 3);
    expect(screen.getByRole('navigation', { name: texts.label }).textContent).toContain('Страница 2 из 3');
    await user.click(screen.getByRole('button', { name: texts.next }));
    await user.click(screen.getByRole('button', { name: texts.previous }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
    await expectNoAxeViolations(container);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = renderPager(1, 2);
    expect((screen.getByRole('button', { name: texts.previous }) as HTMLButtonElement).disabled).toBe(true);
    rerender(
      <Pager
        namespace="account"
        keyPrefix="notifications.pagination"
        page={2}
        pageCount={2}
        onPage={vi.fn()}
      />,
    );
    expect((screen.getByRole('button', { name: texts.next }) as HTMLButtonElement).disabled).toBe(true);
  });
});

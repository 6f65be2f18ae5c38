import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { PillNav } from './pill-nav';

describe('PillNav', () => {
  it('renders each item through the given link and marks only the current one', async () => {
    const { container } = render(
      <PillNav
        aria-label="Категории"
        items={[
          { key: 'elite', label: 'Элитные', current: false },
          { key: 'massage', label: 'Массаж', current: true },
        ]}
        renderLink={(item, props) => <a href={`/category/${item.key}`} {...props} />}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Категории' });
    expect(nav).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Массаж' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Элитные' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Элитные' }).getAttribute('href')).toBe('/category/elite');
    await expectNoAxeViolations(container);
  });
});

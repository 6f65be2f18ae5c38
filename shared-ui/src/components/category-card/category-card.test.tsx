import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { CategoryCard, type CategoryCardProps, CategoryCards } from './category-card';
import { CATEGORY_VISUALS } from './category-visuals';

const items: CategoryCardProps[] = [
  { value: 'individual', title: 'Individual', href: '/category/individual?page=1' },
  { value: 'massage', title: 'Massage', href: '/category/massage?page=1' },
  { value: 'elite', title: 'Elite', href: '/category/elite?page=1' },
  { value: 'bdsm', title: 'BDSM', href: '/category/bdsm?page=1' },
];

describe('CategoryCards', () => {
  it('renders the four categories as links in a named list', async () => {
    const { container } = render(<CategoryCards items={items} label="Categories" />);
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(list.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Massage' }).getAttribute('href')).toBe(
      '/category/massage?page=1',
    );
    await expectNoAxeViolations(container);
  });

  it('marks the selected category as the current page', () => {
    render(<CategoryCards items={items} selectedValue="elite" />);
    expect(screen.getByRole('link', { name: 'Elite' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'BDSM' }).hasAttribute('aria-current')).toBe(false);
  });

  it("hands links to the app's renderLink, styled", () => {
    const renderLink = vi.fn(({ href, className, children }) => (
      <a data-router-link href={`#${href}`} className={className}>
        {children}
      </a>
    ));
    render(<CategoryCards items={items} renderLink={renderLink} />);
    expect(renderLink).toHaveBeenCalledTimes(4);
    const link = screen.getByRole('link', { name: 'Individual' });
    expect(link.hasAttribute('data-router-link')).toBe(true);
    expect(link.className).toContain('card');
  });
});

describe('CategoryCard', () => {
  it('is a button reporting its value when there is no href', async () => {
    const onClick = vi.fn();
    const { container } = render(<CategoryCard value="bdsm" title="BDSM" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'BDSM' });
    expect(button.hasAttribute('aria-pressed')).toBe(false);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledWith('bdsm');
    await expectNoAxeViolations(container);
  });

  it('uses the category colours unless the card overrides them', () => {
    render(
      <>
        <CategoryCard value="elite" title="Elite" />
        <CategoryCard value="massage" title="Massage" backgroundColor="#fff" width={200} />
      </>,
    );
    const elite = screen.getByRole('button', { name: 'Elite' });
    expect(elite.style.getPropertyValue('--card-bg')).toBe(CATEGORY_VISUALS.elite.backgroundColor);
    const massage = screen.getByRole('button', { name: 'Massage' });
    expect(massage.style.getPropertyValue('--card-bg')).toBe('#fff');
    expect(massage.style.getPropertyValue('--card-text')).toBe(CATEGORY_VISUALS.massage.textColor);
    expect(massage.style.width).toBe('200px');
  });

  it('shows the image as decoration only', async () => {
    const { container } = render(
      <CategoryCard value="individual" title="Individual" imageUrl="/img/a.jpg" />,
    );
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('button', { name: 'Individual' })).toBeDefined();
    await expectNoAxeViolations(container);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Logo } from './logo';

describe('Logo', () => {
  it('is one image named by its title, with the wordmark not read twice', async () => {
    const { container } = render(
      <a href="/?category=individual&page=1">
        <Logo title="Velvet" />
      </a>,
    );
    expect(screen.getByRole('link', { name: 'Velvet' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Velvet' })).toBeDefined();
    expect(screen.getByText('Velvet', { selector: 'span' }).getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('drops the wordmark when only the emblem fits', () => {
    const { container } = render(<Logo title="Velvet" emblemOnly />);
    expect(container.querySelector('span span')).toBeNull();
    expect(screen.getByRole('img', { name: 'Velvet' })).toBeDefined();
  });

  it('gives each logo its own gradient so two on a page do not clash', () => {
    const { container } = render(
      <>
        <Logo title="Velvet" />
        <Logo title="Velvet" />
      </>,
    );
    const ids = [...container.querySelectorAll('linearGradient')].map((gradient) => gradient.id);
    expect(new Set(ids).size).toBe(2);
  });
});

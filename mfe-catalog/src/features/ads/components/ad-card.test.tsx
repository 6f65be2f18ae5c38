import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from 'shared-ui/testing';
import { describe, expect, it } from 'vitest';
import { AdCard, type AdCardProps } from './ad-card';

const props: AdCardProps = {
  format: 'Баннер',
  heading: 'Уютная студия у метро',
  description: 'Почасовая аренда, парковка во дворе.',
  buttonText: 'Узнать цены',
  image: { url: '/media/ad.webp', width: 320, height: 240 },
  href: '/api/ads/click/abc',
  labels: { advertising: 'Реклама', opensInNewTab: 'откроется в новой вкладке' },
};

describe('AdCard', () => {
  it('shows the format, heading and description, marked as advertising', async () => {
    const { container } = render(<AdCard {...props} />);
    const card = screen.getByRole('article');
    expect(card.textContent).toContain('Реклама');
    expect(card.textContent).toContain('Баннер');
    expect(screen.getByRole('heading', { level: 3, name: 'Уютная студия у метро' })).toBeTruthy();
    expect(screen.getByText('Почасовая аренда, парковка во дворе.')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('links the button to the redirect in a new tab as a sponsored link', () => {
    render(<AdCard {...props} />);
    const link = screen.getByRole('link', { name: 'Узнать цены (откроется в новой вкладке)' });
    expect(link.getAttribute('href')).toBe('/api/ads/click/abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
  });

  it('gives the image its size, so its space is kept before it loads', () => {
    const { container } = render(<AdCard {...props} />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('width')).toBe('320');
    expect(image?.getAttribute('height')).toBe('240');
    expect(image?.getAttribute('alt')).toBe('');
  });

  it('has no image without one', async () => {
    const { container } = render(<AdCard {...props} image={null} headingLevel={2} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});

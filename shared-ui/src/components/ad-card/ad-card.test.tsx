import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { AdCard, type AdCardProps } from './ad-card';

const props: AdCardProps = {
  format: 'Banner',
  heading: 'Spa evenings',
  description: 'Two hours of calm by the river.',
  buttonText: 'Book now',
  image: { url: '/media/ad.webp', width: 640, height: 480 },
  href: 'https://example.com/spa',
  labels: { advertising: 'Ad', opensInNewTab: 'opens in a new tab' },
};

describe('AdCard', () => {
  it('shows the mark, format, heading, description and a sponsored link opening a new tab', async () => {
    const { container } = render(<AdCard {...props} />);
    expect(screen.getByText('Ad')).toBeTruthy();
    expect(screen.getByText('Banner')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Spa evenings' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Book now (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://example.com/spa');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('sponsored noopener');
    const image = container.querySelector('img');
    expect([image?.getAttribute('width'), image?.getAttribute('height'), image?.getAttribute('alt')]).toEqual(
      ['640', '480', ''],
    );
    await expectNoAxeViolations(container);
  });

  it('renders without an image and at the level the page asks for', () => {
    const { container } = render(<AdCard {...props} image={null} headingLevel={2} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Spa evenings' })).toBeTruthy();
  });
});

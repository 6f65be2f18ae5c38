import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Card } from './card';

describe('Card', () => {
  it('renders the chosen element so lists of profiles are articles', async () => {
    const { container } = render(
      <Card as="article" aria-labelledby="anna">
        <h2 id="anna">Anna</h2>
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Anna' })).toBeDefined();
    await expectNoAxeViolations(container);
  });

  it('is a div with medium padding by default', () => {
    const { container } = render(<Card className="extra">Text</Card>);
    const card = container.firstElementChild;
    expect(card?.tagName).toBe('DIV');
    expect(card?.className).toBe('card padding-md extra');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { VisuallyHidden } from './visually-hidden';

describe('VisuallyHidden', () => {
  it('names an icon-only control while staying off screen', async () => {
    const { container } = render(
      <button type="button">
        <span aria-hidden="true">★</span>
        <VisuallyHidden>Add to favourites</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBeDefined();
    await expectNoAxeViolations(container);
  });
});

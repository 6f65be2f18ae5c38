import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces its label as a status', async () => {
    const { container } = render(<Spinner label="Loading profiles" />);
    expect(screen.getByRole('status').textContent).toBe('Loading profiles');
    await expectNoAxeViolations(container);
  });

  it('stays silent without a label, as decoration beside a busy element', async () => {
    const { container } = render(<Spinner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations(container);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { ScrollRegion } from './scroll-region';

describe('ScrollRegion', () => {
  it('is a named region a keyboard reaches, between the controls around it', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <>
        <button type="button">Before</button>
        <ScrollRegion label="Views by day" className="box">
          <table>
            <tbody>
              <tr>
                <td>12</td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
        <button type="button">After</button>
      </>,
    );
    const region = screen.getByRole('region', { name: 'Views by day' });
    expect(region.className).toBe('box');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(region);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    await expectNoAxeViolations(container);
  });

  it('can be the list that scrolls, keeping its role and its other attributes', async () => {
    const { container } = render(
      <ScrollRegion as="ol" label="Chat lines" aria-live="polite" data-testid="lines">
        <li>Hello</li>
      </ScrollRegion>,
    );
    const list = screen.getByRole('list', { name: 'Chat lines' });
    expect(list.tabIndex).toBe(0);
    expect(list.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByTestId('lines')).toBe(list);
    await expectNoAxeViolations(container);
  });
});

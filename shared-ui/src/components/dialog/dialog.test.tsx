import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Dialog } from './dialog';

function PromoDialog({ autoFocus }: { autoFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Bonuses
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Promo code"
        description="Enter a code to get a bonus"
        closeLabel="Close"
        autoFocus={autoFocus}
        footer={<button type="button">Activate</button>}
      >
        <label>
          Code
          <input />
        </label>
      </Dialog>
    </>
  );
}

/** A window as wide as `width`: what matchMedia answers for a max-width query. */
function viewportWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return { matches: max ? width <= Number(max[1]) : false, media: query } as MediaQueryList;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Dialog', () => {
  it('is named by its title, described by its description and focuses the first control', async () => {
    render(<PromoDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Bonuses' }));
    screen.getByRole('dialog', { name: 'Promo code', description: 'Enter a code to get a bonus' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await expectNoAxeViolations(document.body);
  });

  it('traps focus, closes on Escape and returns focus to the opener', async () => {
    render(<PromoDialog />);
    const opener = screen.getByRole('button', { name: 'Bonuses' });
    await userEvent.click(opener);

    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Activate' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix hands focus back on the next tick, after the dialog unmounts.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('does not autofocus a control when autoFocus is false, but keeps focus in the dialog', async () => {
    render(<PromoDialog autoFocus={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Bonuses' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });

  it('focuses nothing inside on a window 768 px wide or less, whatever autoFocus says', async () => {
    viewportWidth(768);
    render(<PromoDialog autoFocus />);
    await userEvent.click(screen.getByRole('button', { name: 'Bonuses' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });

  it('focuses nothing inside with a mobile user agent on a wide window', async () => {
    viewportWidth(1366);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    render(<PromoDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Bonuses' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });

  it('focuses the first control on a window 769 px wide', async () => {
    viewportWidth(769);
    render(<PromoDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Bonuses' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('closes with the labelled close button', async () => {
    render(<PromoDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Bonuses' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no description when none is given', async () => {
    render(
      <Dialog open onOpenChange={() => {}} title="Settings" closeLabel="Close">
        <p>Body</p>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Settings' }).hasAttribute('aria-describedby')).toBe(false);
    await expectNoAxeViolations(document.body);
  });
});

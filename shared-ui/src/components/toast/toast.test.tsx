import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Toaster, toast } from './toast';

describe('Toaster', () => {
  it('shows success and error toasts in a labelled region, each closable', async () => {
    const { container } = render(<Toaster label="Notifications" closeLabel="Close notification" />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeDefined();

    act(() => {
      toast.success('You have logged out');
      toast.error('Could not log out');
    });
    expect(await screen.findByText('You have logged out')).toBeDefined();
    expect(await screen.findByText('Could not log out')).toBeDefined();
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(2);
    await expectNoAxeViolations(container);

    const successToast = screen.getByText('You have logged out').closest('li');
    if (!successToast) throw new Error('toast is not a list item');
    await userEvent.click(within(successToast).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('You have logged out')).toBeNull());
    expect(screen.getByText('Could not log out')).toBeDefined();
  });
});

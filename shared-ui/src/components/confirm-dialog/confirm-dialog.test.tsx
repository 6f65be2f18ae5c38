import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function renderLogout(overrides: Partial<ConfirmDialogProps> = {}) {
  const props: ConfirmDialogProps = {
    open: true,
    onOpenChange: vi.fn(),
    title: 'Log out?',
    description: 'You can switch to another account or leave.',
    confirmLabel: 'Exit',
    cancelLabel: 'Cancel',
    onConfirm: vi.fn(),
    secondaryAction: { label: 'Change account', onClick: vi.fn() },
    ...overrides,
  };
  render(<ConfirmDialog {...props} />);
  return props;
}

describe('ConfirmDialog', () => {
  it('reports each choice to the app', async () => {
    const props = renderLogout();
    await userEvent.click(screen.getByRole('button', { name: 'Exit' }));
    expect(props.onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Change account' }));
    expect(props.secondaryAction?.onClick).toHaveBeenCalledOnce();
    await expectNoAxeViolations(document.body);
  });

  it('asks to close when cancelled', async () => {
    const props = renderLogout({ secondaryAction: undefined });
    const cancelButtons = screen.getAllByRole('button', { name: 'Cancel' });
    const footerCancel = cancelButtons.at(-1);
    if (!footerCancel) throw new Error('no cancel button');
    await userEvent.click(footerCancel);
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('button', { name: 'Change account' })).toBeNull();
  });

  it('keeps the question busy while the app confirms', () => {
    renderLogout({ loading: true });
    const confirm = screen.getByRole('button', { name: 'Exit' });
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Change account' })).toHaveProperty('disabled', true);
  });
});

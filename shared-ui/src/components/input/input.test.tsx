import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Input } from './input';

describe('Input', () => {
  it('ties the label to the input and announces the error', async () => {
    const { container } = render(<Input label="E-mail" type="email" error="Enter a valid e-mail" />);
    const input = screen.getByRole('textbox', { name: 'E-mail', description: 'Enter a valid e-mail' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('is valid without an error and describes itself with the hint', () => {
    render(<Input label="Promo code" hint="At least 3 characters" aria-describedby="outside" />);
    const input = screen.getByRole('textbox', { name: 'Promo code', description: 'At least 3 characters' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')?.split(' ')[0]).toBe('outside');
  });

  it('shows and hides the password with labels from props', async () => {
    const { container } = render(
      <Input
        label="New password"
        type="password"
        showPasswordLabel="Show password"
        hidePasswordLabel="Hide password"
      />,
    );
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('type')).toBe('password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
    await expectNoAxeViolations(container);
  });

  it('offers no toggle when the labels are missing', () => {
    render(<Input label="Password" type="password" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('passes the ref and typing through to the input', async () => {
    const ref = createRef<HTMLInputElement>();
    render(<Input label="Login" ref={ref} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Login' }), 'anna');
    expect(ref.current?.value).toBe('anna');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Button, ButtonLink, buttonClassName } from './button';

describe('Button', () => {
  it('is a plain button that reports clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Send</Button>);
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('loading button is disabled and busy and ignores presses', async () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('svg')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('applies the variant and size classes', () => {
    render(
      <Button variant="danger" size="lg" className="extra">
        Delete
      </Button>,
    );
    expect(screen.getByRole('button').className.split(' ')).toEqual(['button', 'danger', 'lg', 'extra']);
  });
});

describe('ButtonLink', () => {
  it('renders a link with the button look and anchor props', async () => {
    const { container } = render(
      <ButtonLink href="/advister" variant="secondary" target="_self">
        Advertiser office
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Advertiser office' });
    expect(link.getAttribute('href')).toBe('/advister');
    expect(link.getAttribute('target')).toBe('_self');
    expect(link.className).toBe(buttonClassName({ variant: 'secondary' }));
    await expectNoAxeViolations(container);
  });
});

describe('buttonClassName', () => {
  it('defaults to a medium primary button for elements such as a router Link', () => {
    expect(buttonClassName()).toBe('button primary md');
    expect(buttonClassName({ variant: 'ghost', size: 'sm', fullWidth: true })).toBe(
      'button ghost sm fullWidth',
    );
  });
});

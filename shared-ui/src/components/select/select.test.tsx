import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Select } from './select';

const options = (
  <>
    <option value="">Any</option>
    <option value="paid">Paid</option>
  </>
);

describe('Select', () => {
  it('ties the label and the error to the select and marks it invalid', async () => {
    const { container } = render(
      <Select label="Status" error="Choose a status">
        {options}
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'Status', description: 'Choose a status' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('keeps its name for assistive technology when the label is hidden', async () => {
    const { container } = render(
      <Select label="Campaign" hideLabel hint="All campaigns by default">
        {options}
      </Select>,
    );
    const select = screen.getByRole('combobox', {
      name: 'Campaign',
      description: 'All campaigns by default',
    });
    expect(select.getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('passes the ref and the choice through to the select', async () => {
    const ref = createRef<HTMLSelectElement>();
    render(
      <Select label="Status" ref={ref}>
        {options}
      </Select>,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paid');
    expect(ref.current?.value).toBe('paid');
  });
});

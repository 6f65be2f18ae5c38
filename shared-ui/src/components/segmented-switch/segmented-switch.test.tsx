import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { SegmentedSwitch } from './segmented-switch';

describe('SegmentedSwitch', () => {
  it('marks the current option pressed and reports a choice', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <SegmentedSwitch
        label="Язык"
        value="ru"
        onChange={onChange}
        options={[
          { value: 'ru', label: 'ru', lang: 'ru' },
          { value: 'en', label: 'en', lang: 'en' },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Язык' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ru' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'en' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'en' }));
    expect(onChange).toHaveBeenCalledWith('en');
    await expectNoAxeViolations(container);
  });
});

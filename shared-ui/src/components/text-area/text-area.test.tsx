import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { TextArea } from './text-area';

describe('TextArea', () => {
  it('ties the label, the hint and the error to the field and marks it invalid', async () => {
    const { container } = render(
      <TextArea label="Comment" hint="Up to 500 characters" error="Write a comment" />,
    );
    const field = screen.getByRole('textbox', {
      name: 'Comment',
      description: 'Up to 500 characters Write a comment',
    });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('is valid without an error and keeps a description given from outside first', () => {
    render(<TextArea label="Comment" aria-describedby="outside" />);
    const field = screen.getByRole('textbox', { name: 'Comment' });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBe('outside');
  });

  it('announces the error when asked to', () => {
    render(<TextArea label="Comment" error="Write a comment" announceError />);
    expect(screen.getByRole('alert').textContent).toBe('Write a comment');
  });

  it('passes the ref, the rows and typing through to the textarea', async () => {
    const ref = createRef<HTMLTextAreaElement>();
    render(<TextArea label="Comment" ref={ref} rows={5} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'hello');
    expect(ref.current?.value).toBe('hello');
    expect(ref.current?.getAttribute('rows')).toBe('5');
  });
});

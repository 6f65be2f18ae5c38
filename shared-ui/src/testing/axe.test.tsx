import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';

describe('expectNoAxeViolations', () => {
  it('passes markup without problems', async () => {
    const { container } = render(<button type="button">Send</button>);
    await expectNoAxeViolations(container);
  });

  it('names each violated rule and the offending element', async () => {
    const { container } = render(
      <>
        <button type="button" />
        <input type="text" />
      </>,
    );
    const failure = await expectNoAxeViolations(container).then(
      () => new Error('expected a failure'),
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(/\[critical\] button-name: Buttons must have discernible text/);
    expect(message).toMatch(/\[critical\] label: .*\n\s+at input\n\s+Fix any of the following/);
  });
});

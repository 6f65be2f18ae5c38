import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { Skeleton, SkeletonText } from './skeleton';

describe('Skeleton', () => {
  it('takes its size and radius and stays hidden from assistive technology', async () => {
    const { container } = render(
      <div aria-busy="true">
        <Skeleton width={120} height="2rem" radius="50%" />
      </div>,
    );
    const block = container.querySelector<HTMLElement>('[aria-hidden="true"]');
    expect(block?.style.width).toBe('120px');
    expect(block?.style.height).toBe('2rem');
    expect(block?.style.borderRadius).toBe('50%');
    await expectNoAxeViolations(container);
  });

  it('leaves sizing to CSS when no size is given, so an app class can set it', () => {
    const { container } = render(<Skeleton className="photo" />);
    const block = container.querySelector<HTMLElement>('.skeleton');
    expect(block?.className).toBe('skeleton photo');
    expect(block?.getAttribute('style')).toBeNull();
  });

  it('draws one bar per text line with a shorter last line', async () => {
    const { container } = render(<SkeletonText lines={3} />);
    const bars = container.querySelectorAll<HTMLElement>('.skeleton');
    expect([...bars].map((bar) => bar.style.width)).toEqual(['100%', '100%', '60%']);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations(container);
  });
});

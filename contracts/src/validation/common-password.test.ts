import { describe, expect, it, vi } from 'vitest';
import { registerFormSchema } from './password';
import { errorsOfAsync } from './test-utils';

// The list's chunk cannot be fetched (a dropped connection).
const failures = vi.hoisted(() => ({ count: 0 }));
vi.mock('../common-passwords/index', () => {
  failures.count += 1;
  throw new Error('offline');
});

describe('a form whose common-password list cannot load', () => {
  it('lets the password through, for the server to check, and tries the list again next time', async () => {
    const common = { email: 'alice@example.com', password: 'password1', confirmPassword: 'password1' };
    expect(await errorsOfAsync(registerFormSchema, common)).toEqual({});
    // A password the length rule refuses does not ask for the list.
    expect(
      await errorsOfAsync(registerFormSchema, { ...common, password: 'lant5', confirmPassword: 'lant5' }),
    ).toEqual({
      password: 'validation.passwordTooShort',
    });
    expect(await errorsOfAsync(registerFormSchema, common)).toEqual({});
    expect(failures.count).toBe(2);
  });
});

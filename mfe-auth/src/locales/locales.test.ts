import { PASSWORD_MIN_LENGTH } from 'contracts';
import { expectCompleteTranslations } from 'platform/testing';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import ru from './ru.json';

describe('auth translations', () => {
  it('ru and en have the same keys, all filled in, with the same placeholders', () => {
    expectCompleteTranslations(ru, en);
  });

  it('quote the password minimum the schemas enforce in the hints of new passwords', () => {
    for (const texts of [ru, en]) {
      expect(texts.register.passwordHint).toContain(String(PASSWORD_MIN_LENGTH));
      expect(texts.restore.hint).toContain(String(PASSWORD_MIN_LENGTH));
    }
  });
});

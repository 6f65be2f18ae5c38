import { expectCompleteTranslations } from 'platform/testing';
import { describe, it } from 'vitest';
import en from './en.json';
import ru from './ru.json';

describe('admin translations', () => {
  it('ru and en have the same keys, all filled in, with the same placeholders', () => {
    expectCompleteTranslations(ru, en);
  });
});

import { describe, expect, it } from 'vitest';
import { errorsOf, outputOf } from '../validation/test-utils';
import {
  ADMIN_SEARCH_MAX_LENGTH,
  adminAccountSearchQuerySchema,
  adminAuditQuerySchema,
  adminPageQuerySchema,
} from './admin';

describe('adminPageQuerySchema', () => {
  it('turns page and perPage into numbers, up to 100 rows a page', () => {
    expect(outputOf(adminPageQuerySchema, {})).toEqual({});
    expect(outputOf(adminPageQuerySchema, { page: '3', perPage: '100' })).toEqual({ page: 3, perPage: 100 });
    expect(errorsOf(adminPageQuerySchema, { perPage: '101' })).toEqual({
      perPage: 'validation.invalidPerPage',
    });
    expect(errorsOf(adminPageQuerySchema, { page: '0' })).toEqual({ page: 'validation.invalidPage' });
    expect(errorsOf(adminPageQuerySchema, { page: ['1', '2'] })).toEqual({ page: 'validation.invalidPage' });
  });
});

describe('adminAccountSearchQuerySchema', () => {
  it('trims the search and refuses one longer than an e-mail or given twice', () => {
    expect(outputOf(adminAccountSearchQuerySchema, { q: '  anna@mail.ru ' })).toEqual({ q: 'anna@mail.ru' });
    expect(errorsOf(adminAccountSearchQuerySchema, { q: 'x'.repeat(ADMIN_SEARCH_MAX_LENGTH + 1) })).toEqual({
      q: 'validation.invalidSearch',
    });
    expect(errorsOf(adminAccountSearchQuerySchema, { q: ['a', 'b'] })).toEqual({
      q: 'validation.invalidSearch',
    });
  });
});

describe('adminAuditQuerySchema', () => {
  it('takes a day range as whole UTC days, the upper day included', () => {
    expect(outputOf(adminAuditQuerySchema, { from: '2025-03-01', to: '2025-03-01' })).toEqual({
      from: new Date('2025-03-01T00:00:00Z'),
      to: new Date('2025-03-02T00:00:00Z'),
    });
  });

  it('takes moments with an offset, the upper one included', () => {
    expect(
      outputOf(adminAuditQuerySchema, { from: '2025-03-01T00:00:00+03:00', to: '2025-03-01T12:00:00.000Z' }),
    ).toEqual({
      from: new Date('2025-02-28T21:00:00Z'),
      to: new Date(Date.parse('2025-03-01T12:00:00Z') + 1),
    });
  });

  it('refuses days that do not exist, other formats and years outside 2000 to 2999', () => {
    for (const bad of [
      '2025-02-30',
      '01.03.2025',
      '2025-3-1',
      '0000-01-01',
      '1999-12-31',
      '3000-01-01',
      '',
    ]) {
      expect(errorsOf(adminAuditQuerySchema, { from: bad }), bad).toEqual({ from: 'validation.invalidDate' });
    }
  });

  it('refuses a range that ends before it starts, on the upper bound', () => {
    expect(errorsOf(adminAuditQuerySchema, { from: '2025-03-02', to: '2025-03-01' })).toEqual({
      to: 'validation.invalidRange',
    });
  });

  it('filters by a known action, target type and positive ids', () => {
    expect(
      outputOf(adminAuditQuerySchema, {
        action: 'account.block',
        adminId: '4',
        targetType: 'profile',
        targetId: '12',
      }),
    ).toEqual({ action: 'account.block', adminId: 4, targetType: 'profile', targetId: 12 });
    expect(
      errorsOf(adminAuditQuerySchema, { action: 'drop', targetType: 'ad', adminId: '0', targetId: 'x' }),
    ).toEqual({
      action: 'validation.invalidAction',
      targetType: 'validation.invalidTargetType',
      adminId: 'validation.invalidId',
      targetId: 'validation.invalidId',
    });
  });
});

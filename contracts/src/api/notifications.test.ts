import { describe, expect, it } from 'vitest';
import { errorsOf, outputOf } from '../validation/test-utils';
import { markNotificationsSchema, notificationListQuerySchema } from './notifications';

describe('notificationListQuerySchema', () => {
  it('accepts an empty query and turns page and perPage into numbers', () => {
    expect(outputOf(notificationListQuerySchema, {})).toEqual({});
    expect(outputOf(notificationListQuerySchema, { page: '2', perPage: '100' })).toEqual({
      page: 2,
      perPage: 100,
    });
  });

  it('refuses a page size of 0 or above 100, and pages that are not positive integers', () => {
    expect(errorsOf(notificationListQuerySchema, { perPage: '0' })).toEqual({
      perPage: 'validation.invalidPerPage',
    });
    expect(errorsOf(notificationListQuerySchema, { perPage: '101' })).toEqual({
      perPage: 'validation.invalidPerPage',
    });
    expect(errorsOf(notificationListQuerySchema, { page: '-1' })).toEqual({ page: 'validation.invalidPage' });
    expect(errorsOf(notificationListQuerySchema, { page: '1.5' })).toEqual({
      page: 'validation.invalidPage',
    });
  });
});

describe('markNotificationsSchema', () => {
  it('accepts 1 to 100 distinct positive ids', () => {
    expect(outputOf(markNotificationsSchema, { notificationIds: [3] })).toEqual({ notificationIds: [3] });
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(errorsOf(markNotificationsSchema, { notificationIds: hundred })).toEqual({});
  });

  it('refuses an empty, missing or over-long list', () => {
    expect(errorsOf(markNotificationsSchema, { notificationIds: [] })).toEqual({
      notificationIds: 'validation.notificationIdsRequired',
    });
    expect(errorsOf(markNotificationsSchema, {})).toEqual({ notificationIds: 'validation.required' });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(errorsOf(markNotificationsSchema, { notificationIds: tooMany })).toEqual({
      notificationIds: 'validation.tooManyNotificationIds',
    });
  });

  it('refuses repeated ids', () => {
    expect(errorsOf(markNotificationsSchema, { notificationIds: [1, 2, 1] })).toEqual({
      notificationIds: 'validation.duplicateNotificationIds',
    });
  });

  it('refuses ids that are not positive integers a database row can have', () => {
    for (const bad of [0, -1, 1.5, '1', null, 2_147_483_648, Number.POSITIVE_INFINITY]) {
      expect(errorsOf(markNotificationsSchema, { notificationIds: [bad] }), String(bad)).toEqual({
        'notificationIds.0': 'validation.invalidNotificationId',
      });
    }
  });

  it('refuses a body that is not an object', () => {
    expect(errorsOf(markNotificationsSchema, 'all')).toEqual({ '': 'validation.required' });
    expect(errorsOf(markNotificationsSchema, { notificationIds: 'all' })).toEqual({
      notificationIds: 'validation.notificationIdsRequired',
    });
  });
});

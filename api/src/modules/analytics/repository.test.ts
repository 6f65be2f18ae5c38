import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { type AnalyticsRepository, createAnalyticsRepository } from './repository';

let t: TestApp;
let analytics: AnalyticsRepository;

beforeAll(async () => {
  t = await createTestApp();
  analytics = createAnalyticsRepository(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('viewsByDay', () => {
  it('answers every day of the range, oldest first, with days without views as 0', async () => {
    const [profile, other] = [await createProfile(t.db), await createProfile(t.db)];
    const view = (profileId: number, day: string, visitor: string) =>
      analytics.recordProfileView(profileId, day, visitor);
    await view(profile.id, '2025-02-27', 'a');
    await view(profile.id, '2025-02-27', 'b');
    await view(profile.id, '2025-02-27', 'a'); // the same visitor again that day
    await view(profile.id, '2025-03-01', 'a');
    await view(profile.id, '2025-03-03', 'c'); // after the range
    await view(other.id, '2025-02-28', 'a');

    expect(await analytics.viewsByDay(profile.id, '2025-02-26', '2025-03-02')).toEqual([
      { day: '2025-02-26', views: 0 },
      { day: '2025-02-27', views: 2 },
      { day: '2025-02-28', views: 0 },
      { day: '2025-03-01', views: 1 },
      { day: '2025-03-02', views: 0 },
    ]);
    expect(await analytics.viewsByDay(profile.id, '2025-03-03', '2025-03-03')).toEqual([
      { day: '2025-03-03', views: 1 },
    ]);
  });

  it('answers nothing for a range that ends before it starts, and refuses malformed days', async () => {
    const profile = await createProfile(t.db);
    expect(await analytics.viewsByDay(profile.id, '2025-03-02', '2025-03-01')).toEqual([]);
    await expect(analytics.viewsByDay(profile.id, '2025-3-1', '2025-03-02')).rejects.toThrow(RangeError);
    await expect(analytics.viewsByDay(profile.id, '2020-01-01', '2025-01-01')).rejects.toThrow(RangeError);
  });

  it('does not count views of hidden profiles', async () => {
    const hidden = await createProfile(t.db, { status: 'pending' });
    expect(await analytics.recordProfileView(hidden.id, '2025-03-01', 'a')).toBe('hidden');
    expect(await analytics.viewsByDay(hidden.id, '2025-03-01', '2025-03-01')).toEqual([
      { day: '2025-03-01', views: 0 },
    ]);
  });
});

describe('recordVisit', () => {
  it('tells whether this was the first visit of the day', async () => {
    expect(await analytics.recordVisit('2025-03-01', 'visitor-x')).toBe(true);
    expect(await analytics.recordVisit('2025-03-01', 'visitor-x')).toBe(false);
    expect(await analytics.recordVisit('2025-03-02', 'visitor-x')).toBe(true);
  });
});

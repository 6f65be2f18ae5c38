import { describe, expect, it } from 'vitest';
import { createFigures } from '../testing/release-figures';
import { canaryErrsMore, channelsOf, FILE_VERSION, figuresOf } from './figures';

const V1 = '1.0.0+aaaaaaaaaaaa';
const V2 = '1.1.0+bbbbbbbbbbbb';

describe('a release’s figures', () => {
  it('takes the version’s latest day and weighs the week’s rates by each day’s sessions', () => {
    const days = [
      createFigures({ version: V1, day: '2026-11-25', sessions: 100, errorSessions: 10, failureRate: 0.1 }),
      createFigures({ version: V1, day: '2026-11-27', sessions: 300, errorSessions: 2, failureRate: 0 }),
      createFigures({ version: V1, day: '2026-11-26', sessions: 0, errorSessions: 0, errorRate: 0 }),
      createFigures({ version: V2, day: '2026-11-28', sessions: 5 }),
    ];
    const { latest, week } = figuresOf(days, V1);
    expect(latest?.day).toBe('2026-11-27');
    expect(week).toEqual({ sessions: 400, errorRate: 12 / 400, failureRate: 10 / 400 });
    expect(figuresOf(days, '9.9.9+cccccccccccc')).toEqual({ latest: null, week: null });
  });

  it('flags a canary only when its error rate is above stable’s and it had sessions', () => {
    const stable = figuresOf([createFigures({ version: V1, errorRate: 0.02 })], V1);
    const worse = figuresOf([createFigures({ version: V2, errorRate: 0.021 })], V2);
    const same = figuresOf([createFigures({ version: V2, errorRate: 0.02 })], V2);
    const empty = figuresOf([createFigures({ version: V2, sessions: 0, errorRate: 0.5 })], V2);
    expect(canaryErrsMore(stable, worse)).toBe(true);
    expect(canaryErrsMore(stable, same)).toBe(false);
    expect(canaryErrsMore(stable, empty)).toBe(false);
    expect(canaryErrsMore(figuresOf([], V1), worse)).toBe(false);
  });

  it('gives a remote served from the file one column, under the version its pages report', () => {
    const view = { stable: null, canary: null };
    expect(channelsOf(view)).toEqual([{ kind: 'file', version: FILE_VERSION }]);
    expect(channelsOf({ stable: V1, canary: V2 }).map((channel) => channel.kind)).toEqual([
      'stable',
      'canary',
    ]);
  });

  it('keeps a release rolled back lately beside stable, with the figures that sent it back', () => {
    const V3 = '1.2.0+cccccccccccc';
    const figures = [
      createFigures({ version: V1, day: '2026-11-27' }),
      createFigures({ version: V3, day: '2026-11-27' }),
      createFigures({ version: V3, day: '2026-11-26' }),
    ];
    expect(channelsOf({ stable: V1, canary: null, figures })).toEqual([
      { kind: 'stable', version: V1 },
      { kind: 'withdrawn', version: V3 },
    ]);
  });
});

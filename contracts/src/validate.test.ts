import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ROOT_FIELD, validate } from './validate';

const schema = v.object(
  {
    name: v.pipe(v.string('k.name'), v.nonEmpty('k.nameRequired'), v.minLength(2, 'k.nameShort')),
    prices: v.object({ hour: v.number('k.hour') }, 'k.prices'),
    tags: v.array(v.string('k.tag'), 'k.tags'),
  },
  'k.form',
);

describe('validate', () => {
  it('returns the parsed value of a valid input', () => {
    expect(validate(v.pipe(v.string(), v.trim()), ' a ')).toEqual({ ok: true, value: 'a' });
  });

  it('maps dot paths to the first message key of each field', () => {
    expect(validate(schema, { name: '', prices: { hour: 'x' }, tags: ['a', 3] })).toEqual({
      ok: false,
      fields: { name: 'k.nameRequired', 'prices.hour': 'k.hour', 'tags.1': 'k.tag' },
    });
  });

  it('files problems of the input as a whole under ROOT_FIELD', () => {
    expect(validate(schema, 'not an object')).toEqual({ ok: false, fields: { [ROOT_FIELD]: 'k.form' } });
  });

  it('names a missing key by its path', () => {
    expect(validate(schema, { name: 'ab', tags: [] })).toEqual({ ok: false, fields: { prices: 'k.form' } });
  });
});

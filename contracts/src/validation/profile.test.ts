import { describe, expect, it } from 'vitest';
import { modelProfileInputSchema as schema } from './profile';
import { errorsOf, outputOf } from './test-utils';

const valid = {
  name: 'Alice',
  category: 'individual',
  city: 'moscow',
  metro: 12,
  places: ['apartment'],
  services: [{ category: 'massage', code: 'classic', description: 'Relaxing' }],
  prices: { hour: 5000, twoHours: 9000, night: 20000 },
  age: 25,
  height: 170,
  weight: 55,
  boobs: 3,
  appearance: 'SLAVIC',
  contacts: { phone: '+7 999 123-45-67' },
  description: 'About me',
};

const errorsWith = (patch: Record<string, unknown>) => errorsOf(schema, { ...valid, ...patch });
const priceErrors = (prices: Record<string, unknown>) =>
  errorsWith({ prices: { ...valid.prices, ...prices } });

describe('modelProfileInputSchema', () => {
  it('accepts a complete form and normalises it for storage', () => {
    expect(outputOf(schema, valid)).toEqual({
      ...valid,
      services: [{ category: 'massage', code: 'classic', description: 'Relaxing' }],
      contacts: { phone: '+79991234567', telegram: null, whatsapp: null, viber: null },
    });
  });

  it('accepts numbers typed as text, as form inputs deliver them', () => {
    const output = outputOf(schema, {
      ...valid,
      age: '25',
      height: ' 170 ',
      prices: { hour: '5 000', twoHours: '', night: '' },
      metro: '',
    });
    expect(output.age).toBe(25);
    expect(output.height).toBe(170);
    expect(output.prices).toEqual({ hour: 5000, twoHours: null, night: null });
    expect(output.metro).toBeNull();
  });

  it('requires a name and trims it', () => {
    expect(errorsWith({ name: '' })).toEqual({ name: 'validation.nameRequired' });
    expect(errorsWith({ name: '   ' })).toEqual({ name: 'validation.nameRequired' });
    expect(outputOf(schema, { ...valid, name: '  Alice ' }).name).toBe('Alice');
  });

  it('rejects a name of 1 and 16 characters, accepts 2 and 15', () => {
    expect(errorsWith({ name: 'A' })).toEqual({ name: 'validation.nameTooShort' });
    expect(errorsWith({ name: 'Ab' })).toEqual({});
    expect(errorsWith({ name: 'A'.repeat(15) })).toEqual({});
    expect(errorsWith({ name: 'A'.repeat(16) })).toEqual({ name: 'validation.nameTooLong' });
  });

  it('requires category, city and at least one place', () => {
    expect(errorsWith({ category: '' })).toEqual({ category: 'validation.categoryRequired' });
    expect(errorsWith({ city: '' })).toEqual({ city: 'validation.cityRequired' });
    expect(errorsWith({ city: 'Moscow City' })).toEqual({ city: 'validation.invalidCity' });
    expect(errorsWith({ places: [] })).toEqual({ places: 'validation.placeRequired' });
    expect(errorsWith({ places: ['hotel'] })).toEqual({ 'places.0': 'validation.placeRequired' });
    expect(outputOf(schema, { ...valid, places: ['visit', 'apartment', 'visit'] }).places).toEqual([
      'visit',
      'apartment',
    ]);
  });

  it('fails a missing key with validation.required on that key', () => {
    const { name: _name, ...withoutName } = valid;
    expect(errorsOf(schema, withoutName)).toEqual({ name: 'validation.required' });
  });

  it('requires at least one service', () => {
    expect(errorsWith({ services: [] })).toEqual({ services: 'validation.servicesRequired' });
    expect(errorsWith({ services: [{ category: 'cooking', code: 'x' }] })).toEqual({
      'services.0.category': 'validation.invalidService',
    });
  });

  it('accepts a service description of 50 characters and rejects 51', () => {
    const service = (description: string) => ({
      services: [{ category: 'sex', code: 'classic', description }],
    });
    expect(errorsWith(service('d'.repeat(50)))).toEqual({});
    expect(errorsWith(service('d'.repeat(51)))).toEqual({
      'services.0.description': 'validation.serviceDescriptionTooLong',
    });
    const blank = outputOf(schema, { ...valid, ...service('  ') });
    expect(blank.services[0]?.description).toBeNull();
  });

  it('requires the 1-hour price; rejects 999 and 100001, accepts 1000 and 100000', () => {
    expect(priceErrors({ hour: '' })).toEqual({ 'prices.hour': 'validation.priceHourRequired' });
    expect(priceErrors({ hour: 999 })).toEqual({ 'prices.hour': 'validation.priceMin' });
    expect(priceErrors({ hour: 1000 })).toEqual({});
    expect(priceErrors({ hour: 100_000 })).toEqual({});
    expect(priceErrors({ hour: 100_001 })).toEqual({ 'prices.hour': 'validation.priceHourMax' });
  });

  it('leaves the 2-hour price optional; rejects 999 and 200001, accepts 1000 and 200000', () => {
    expect(priceErrors({ twoHours: null })).toEqual({});
    expect(priceErrors({ twoHours: 999 })).toEqual({ 'prices.twoHours': 'validation.priceMin' });
    expect(priceErrors({ twoHours: 1000 })).toEqual({});
    expect(priceErrors({ twoHours: 200_000 })).toEqual({});
    expect(priceErrors({ twoHours: 200_001 })).toEqual({ 'prices.twoHours': 'validation.priceTwoHoursMax' });
  });

  it('leaves the night price optional; rejects 999 and 1000001, accepts 1000 and 1000000', () => {
    const { night: _night, ...withoutNight } = valid.prices;
    expect(outputOf(schema, { ...valid, prices: withoutNight }).prices.night).toBeNull();
    expect(priceErrors({ night: 999 })).toEqual({ 'prices.night': 'validation.priceMin' });
    expect(priceErrors({ night: 1000 })).toEqual({});
    expect(priceErrors({ night: 1_000_000 })).toEqual({});
    expect(priceErrors({ night: 1_000_001 })).toEqual({ 'prices.night': 'validation.priceNightMax' });
  });

  it('requires the age; rejects 17 and accepts 18 and 60, rejects 61', () => {
    expect(errorsWith({ age: '' })).toEqual({ age: 'validation.ageRequired' });
    expect(errorsWith({ age: null })).toEqual({ age: 'validation.ageRequired' });
    expect(errorsWith({ age: 17 })).toEqual({ age: 'validation.ageMin' });
    expect(errorsWith({ age: 18 })).toEqual({});
    expect(errorsWith({ age: 60 })).toEqual({});
    expect(errorsWith({ age: 61 })).toEqual({ age: 'validation.ageMax' });
  });

  it('rejects text and fractions where a whole number belongs', () => {
    expect(errorsWith({ age: 'twenty' })).toEqual({ age: 'validation.notANumber' });
    expect(errorsWith({ age: 25.5 })).toEqual({ age: 'validation.wholeNumber' });
    expect(errorsWith({ age: '25,5' })).toEqual({ age: 'validation.wholeNumber' });
    expect(priceErrors({ night: 'lots' })).toEqual({ 'prices.night': 'validation.notANumber' });
  });

  it('rejects height 149 and accepts 150 and 200, rejects 201', () => {
    expect(errorsWith({ height: 149 })).toEqual({ height: 'validation.heightMin' });
    expect(errorsWith({ height: 150 })).toEqual({});
    expect(errorsWith({ height: 200 })).toEqual({});
    expect(errorsWith({ height: 201 })).toEqual({ height: 'validation.heightMax' });
    expect(errorsWith({ height: '1,5' })).toEqual({ height: 'validation.wholeNumber' });
  });

  it('rejects bust size -1 and accepts 0 and 12, rejects 13', () => {
    expect(errorsWith({ boobs: -1 })).toEqual({ boobs: 'validation.boobsMin' });
    expect(errorsWith({ boobs: 0 })).toEqual({});
    expect(errorsWith({ boobs: '0' })).toEqual({});
    expect(errorsWith({ boobs: 12 })).toEqual({});
    expect(errorsWith({ boobs: 13 })).toEqual({ boobs: 'validation.boobsMax' });
  });

  it('rejects weight 39 and accepts 40 and 300, rejects 301', () => {
    expect(errorsWith({ weight: 39 })).toEqual({ weight: 'validation.weightMin' });
    expect(errorsWith({ weight: 40 })).toEqual({});
    expect(errorsWith({ weight: 300 })).toEqual({});
    expect(errorsWith({ weight: 301 })).toEqual({ weight: 'validation.weightMax' });
  });

  it('accepts only the listed appearances', () => {
    expect(errorsWith({ appearance: 'KAZAKH' })).toEqual({});
    expect(errorsWith({ appearance: 'slavic' })).toEqual({ appearance: 'validation.invalidAppearance' });
    expect(errorsWith({ appearance: 42 })).toEqual({ appearance: 'validation.invalidAppearance' });
  });

  it('leaves height, weight, bust size and appearance optional: blank or left out is null, not 0', () => {
    const { height: _h, weight: _w, boobs: _b, appearance: _a, ...without } = valid;
    const none = { height: null, weight: null, boobs: null, appearance: null };
    expect(outputOf(schema, without)).toMatchObject(none);
    expect(outputOf(schema, { ...valid, ...none })).toMatchObject(none);
    expect(outputOf(schema, { ...valid, height: '', weight: ' ', boobs: '', appearance: '' })).toMatchObject(
      none,
    );
    // Bust size 0 is a value of its own, not a missing one.
    expect(outputOf(schema, { ...valid, boobs: 0 }).boobs).toBe(0);
  });

  it('leaves metro optional and rejects an id below 1', () => {
    const { metro: _metro, ...withoutMetro } = valid;
    expect(outputOf(schema, withoutMetro).metro).toBeNull();
    expect(errorsWith({ metro: 0 })).toEqual({ metro: 'validation.invalidMetro' });
    expect(errorsWith({ metro: 1 })).toEqual({});
  });

  it('accepts a description of 2000 characters and rejects 2001; a missing one becomes empty', () => {
    expect(errorsWith({ description: 'x'.repeat(2000) })).toEqual({});
    expect(errorsWith({ description: 'x'.repeat(2001) })).toEqual({
      description: 'validation.descriptionTooLong',
    });
    const { description: _description, ...withoutDescription } = valid;
    expect(outputOf(schema, withoutDescription).description).toBe('');
  });

  it('reports every invalid field at once', () => {
    expect(errorsWith({ name: 'A', age: 17, contacts: {} })).toEqual({
      name: 'validation.nameTooShort',
      age: 'validation.ageMin',
      contacts: 'validation.contactsRequired',
    });
  });
});

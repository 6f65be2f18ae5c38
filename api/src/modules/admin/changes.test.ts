import { describe, expect, it } from 'vitest';
import { completeDraft } from '../../testing/profiles';
import { changedFields, type MediaState, mediaChanges, normalisedVersion } from './changes';

const approved = normalisedVersion(completeDraft('moscow') as Record<string, unknown>);

describe('changedFields', () => {
  it('finds nothing between a version and itself, however its numbers and phones were typed', () => {
    expect(changedFields(approved, approved)).toEqual([]);
    expect(
      changedFields(
        approved,
        normalisedVersion({
          ...completeDraft('moscow'),
          contacts: { phone: '+79001234567', telegram: null, whatsapp: null, viber: null },
        }),
      ),
    ).toEqual([]);
    expect(changedFields(approved, normalisedVersion({ ...completeDraft('moscow'), age: '27' }))).toEqual([]);
  });

  it('names changed fields by dot path, groups part by part, in the order of the form', () => {
    const submitted = normalisedVersion({
      ...completeDraft('moscow'),
      description: 'Другой текст',
      name: 'Ника',
      prices: { hour: 5000, twoHours: 9000, night: 30_000 },
      contacts: { phone: '+7 900 123-45-67', telegram: 'nika_test', whatsapp: null, viber: null },
    });
    expect(changedFields(approved, submitted)).toEqual([
      'name',
      'prices.night',
      'contacts.telegram',
      'description',
    ]);
  });

  it('treats blank values as equal and the order of places and services as meaningless', () => {
    const before = { ...approved, metro: null, places: ['apartment', 'visit'] };
    const after = { ...approved, metro: undefined, places: ['visit', 'apartment'] };
    expect(changedFields(before, after)).toEqual([]);
    const services = [
      { category: 'massage', code: 'classic', description: null },
      { category: 'massage', code: 'thai', description: 'до часа' },
    ];
    expect(
      changedFields({ ...approved, services }, { ...approved, services: [...services].reverse() }),
    ).toEqual([]);
    expect(
      changedFields(
        { ...approved, services },
        { ...approved, services: [services[0], { ...services[1], description: 'до двух часов' }] },
      ),
    ).toEqual(['services']);
  });
});

describe('mediaChanges', () => {
  const file = (id: number, state: Partial<MediaState>): MediaState => ({
    id,
    kind: 'photo',
    isPublic: true,
    inRevision: true,
    position: id,
    revisionPosition: id,
    ...state,
  });

  it('lists files added and dropped', () => {
    expect(mediaChanges([file(1, {}), file(2, { inRevision: false }), file(3, { isPublic: false })])).toEqual(
      { mediaAdded: [3], mediaRemoved: [2], mediaReordered: false },
    );
  });

  it('notices kept files in another order (a new main photo)', () => {
    expect(mediaChanges([file(1, { revisionPosition: 2 }), file(2, { revisionPosition: 1 })])).toEqual({
      mediaAdded: [],
      mediaRemoved: [],
      mediaReordered: true,
    });
  });
});

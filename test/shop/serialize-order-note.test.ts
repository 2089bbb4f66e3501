import { describe, expect, it } from 'vitest';
import { serializeOrderNote, serializeOrderNotes } from 'wc-legacy-api/shop';
import { at, buildOrderNote } from './builders';

describe('serializeOrderNote', () => {
  it('serializes every field, in order, with an integer id', () => {
    const resource = serializeOrderNote(
      buildOrderNote({ id: 31, createdAt: at('2024-03-05T10:11:12.999Z'), content: 'Parcel sent.', customerNote: true }),
    );
    expect(resource).toStrictEqual({ id: 31, created_at: '2024-03-05T10:11:12Z', note: 'Parcel sent.', customer_note: true });
    expect(Object.keys(resource)).toEqual(['id', 'created_at', 'note', 'customer_note']);
  });
});

describe('serializeOrderNotes', () => {
  it('keeps only approved order notes, newest first, ties broken by the higher id', () => {
    const notes = [
      buildOrderNote({ id: 1, createdAt: at('2024-03-01T00:00:00Z'), content: 'oldest' }),
      buildOrderNote({ id: 2, createdAt: at('2024-03-03T00:00:00Z'), content: 'newest, lower id' }),
      buildOrderNote({ id: 3, createdAt: at('2024-03-03T00:00:00Z'), content: 'newest, higher id', customerNote: true }),
      buildOrderNote({ id: 4, createdAt: at('2024-03-04T00:00:00Z'), content: 'not approved', approved: false }),
      buildOrderNote({ id: 5, createdAt: at('2024-03-05T00:00:00Z'), content: 'a webhook note', type: 'webhook_delivery' }),
      buildOrderNote({ id: 6, createdAt: at('2024-03-02T00:00:00Z'), content: 'middle' }),
    ];
    const resources = serializeOrderNotes(notes);
    expect(resources.map((n) => n.id)).toEqual([3, 2, 6, 1]);
    expect(resources[0]).toStrictEqual({ id: 3, created_at: '2024-03-03T00:00:00Z', note: 'newest, higher id', customer_note: true });
    // The input is left as it was.
    expect(notes.map((n) => n.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('returns an empty list when no note may be served', () => {
    expect(serializeOrderNotes([])).toEqual([]);
    expect(serializeOrderNotes([buildOrderNote({ approved: false })])).toEqual([]);
  });
});

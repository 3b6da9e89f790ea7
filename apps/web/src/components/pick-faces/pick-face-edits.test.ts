import type { PickFace } from '@wms/contract/replenishment';
import { describe, expect, it } from 'vitest';
import { entryErrors, withFace } from './pick-face-edits';

const face = (id: number, locationId: number) =>
  ({ id, location: { id: locationId, code: `P-${locationId}` }, min: 1, max: 10, increment: 2 }) as PickFace;
const faces = [face(1, 11), face(2, 12)];

describe('withFace (the PUT replaces the whole list)', () => {
  it('adds a new face at the end, naming its index', () => {
    const added = { location_id: 13, min: 0, max: 5, increment: 1 };
    expect(withFace(faces, { replaces: null, face: added })).toEqual({
      list: [
        { location_id: 11, min: 1, max: 10, increment: 2 },
        { location_id: 12, min: 1, max: 10, increment: 2 },
        added,
      ],
      index: 2,
    });
  });
  it('edits a face in its place and removes one', () => {
    const edited = { location_id: 12, min: 3, max: 30, increment: 3 };
    expect(withFace(faces, { replaces: 2, face: edited })).toEqual({
      list: [{ location_id: 11, min: 1, max: 10, increment: 2 }, edited],
      index: 1,
    });
    expect(withFace(faces, { replaces: 1, face: null }).list).toEqual([
      { location_id: 12, min: 1, max: 10, increment: 2 },
    ]);
  });
});

describe('entryErrors', () => {
  it("places the entry's own field errors on its fields and keeps the rest for the form", () => {
    expect(
      entryErrors(
        { 'pick_faces.1.max': ['Max must be at least min.'], 'pick_faces.0.min': ['x'], pick_faces: ['y'] },
        1,
      ),
    ).toEqual({ fields: { max: 'Max must be at least min.' }, other: ['x', 'y'] });
  });
});

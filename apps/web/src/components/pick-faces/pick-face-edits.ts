import type { PickFace, PickFaceInput } from '@wms/contract/replenishment';

/** The fields of one pick face the form shows errors on. */
export const PICK_FACE_FIELDS = ['location_id', 'min', 'max', 'increment'] as const;
export type PickFaceField = (typeof PICK_FACE_FIELDS)[number];

const inputOf = (face: PickFace): PickFaceInput => ({
  location_id: face.location.id,
  min: face.min,
  max: face.max,
  increment: face.increment,
});

/**
 * The PUT replaces a row's whole list, so one face's change is the list as held with that face put in (in its
 * place, or at the end when new) or taken out. Answers the list and the index the changed face has in it, which
 * names its field errors (`pick_faces.<index>.min`).
 */
export function withFace(
  faces: readonly PickFace[],
  change: { replaces: number | null; face: PickFaceInput | null },
): { list: PickFaceInput[]; index: number } {
  const list = faces.map(inputOf);
  const at = change.replaces === null ? -1 : faces.findIndex((face) => face.id === change.replaces);
  if (change.face === null) return { list: list.filter((_, i) => i !== at), index: -1 };
  if (at === -1) return { list: [...list, change.face], index: list.length };
  list[at] = change.face;
  return { list, index: at };
}

/** The server's field errors of one entry of the list (`pick_faces.2.max` → `max`); the rest for the form. */
export function entryErrors(
  errors: Record<string, string[]>,
  index: number,
): { fields: Partial<Record<PickFaceField, string>>; other: string[] } {
  const fields: Partial<Record<PickFaceField, string>> = {};
  const other: string[] = [];
  const prefix = `pick_faces.${index}.`;
  for (const [key, messages] of Object.entries(errors)) {
    const field = key.startsWith(prefix) ? key.slice(prefix.length) : null;
    if (field && (PICK_FACE_FIELDS as readonly string[]).includes(field))
      fields[field as PickFaceField] = messages.join(' ');
    else other.push(...messages);
  }
  return { fields, other };
}

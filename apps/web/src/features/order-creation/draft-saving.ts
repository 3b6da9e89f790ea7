import { useMutation } from '@tanstack/react-query';
import type { Draft, DraftLabelFile } from '@wms/contract/drafts';
import { createDraft, type DraftBody, updateDraft, uploadDraftLabelFile } from './api';
import { type Section, toDraftData } from './sections';

/**
 * Saves the screen as a draft together with its label PDFs: the draft first (a new one gets its
 * id, reported through `onCreated` at once so a failed upload never leads to a second draft), then each newly
 * chosen PDF uploaded to it, then the data again naming the stored files. Answers the saved draft and the sections
 * with those files marked as stored.
 */
export async function saveDraftWithFiles(
  draftId: number | null,
  fields: Omit<DraftBody, 'draft_data'>,
  sections: readonly Section[],
  onCreated: (id: number) => void,
): Promise<{ saved: { message: string; data: Draft }; sections: Section[] }> {
  let saved = draftId === null ? await createDraft({ ...fields, draft_data: toDraftData(sections) }) : null;
  const id = draftId ?? saved!.data.id;
  if (draftId === null) onCreated(id);
  const uploaded = new Map<string, DraftLabelFile>();
  for (const label of sections.flatMap((s) => s.labels)) {
    if (label.file) uploaded.set(label.key, (await uploadDraftLabelFile(id, label.file)).data);
  }
  const next = sections.map((s) => ({
    ...s,
    labels: s.labels.map((l) => {
      const stored = uploaded.get(l.key);
      return stored ? { ...l, file: null, stored } : l;
    }),
  }));
  if (saved === null || uploaded.size > 0) saved = await updateDraft(id, { ...fields, draft_data: toDraftData(next) });
  return { saved, sections: next };
}

/** saveDraftWithFiles as a mutation (its own file: it composes the api calls, so it sits beside them, not in api.ts). */
export const useSaveDraft = () =>
  useMutation({
    mutationFn: (input: Parameters<typeof saveDraftWithFiles>) => saveDraftWithFiles(...input),
  });

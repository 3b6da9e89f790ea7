import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * avatar: public by uuid; label and merge_pdf: served only to callers in the order's scope; draft_label: a label PDF
 * kept with a bulk order draft, served only to callers in the draft's scope (it becomes a label when converted);
 * account_logo: printed on the account's packing slips, served only to callers in the account's scope;
 * return_label: the label a client uploads with a return, served only to callers in the return's scope.
 */
export const FILE_KINDS = ['avatar', 'label', 'merge_pdf', 'draft_label', 'account_logo', 'return_label'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Metadata of a stored file; the bytes live in FileStorage under `storage_key`. The uuid id is what URLs carry,
 * so ids cannot be guessed or enumerated.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    /** What the file is for: decides who may download it (avatars are public, later documents are not). */
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    /** The uploader; kept as null when that user is deleted so the file (an avatar URL) stays valid. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId)],
);

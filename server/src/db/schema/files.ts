import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Files of the file store (server/src/infra/storage) and whose they are. A row keeps the storage
 * key, never a URL: the bytes are served by GET /api/v1/files/{id} to the owner only (or through a
 * short-lived signed URL), so a deployment can move between disk and a bucket without rewriting rows.
 */
export const files = pgTable(
  'files',
  {
    /** Random public id (32 hex characters): unguessable, never a storage path. */
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Storage key of the bytes: `<purpose>/<yyyy-mm>/<id>`. */
    key: text('key').notNull(),
    /** Storage key of the WebP thumbnail, once one was made (images only). */
    thumbKey: text('thumb_key'),
    /** The name shown and used for downloads. */
    name: varchar('name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 128 }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** upload | chat-image | result | slides ...: why the file exists. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** Pixel size of images (read with sharp when saved). */
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it is deleted by the sweep; null = kept until its owner (or its feature) deletes it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('files_user_idx').on(t.userId, t.createdAt), index('files_expires_idx').on(t.expiresAt)],
);

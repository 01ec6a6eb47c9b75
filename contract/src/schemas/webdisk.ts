import { z } from 'zod';

/**
 * Cloud-disk, find files and find websites (search-agents-tools 2.5, 2.6, 3, 7.1). Owned by the
 * webdisk area; the unified search page reads these shapes too.
 */

/** Cloud-disk or file result (3). type: 0 up1, 1 up2, 2 yunpan, 6 brother, 7 pickup, 8 aggregation. */
export interface CloudResult {
  title: string;
  url: string;
  time: string;
  /** Source name shown. */
  info: string;
  sourceButton: string;
  type: number;
  geshi: string;
  size: string;
  content: string;
}

/** Website result (3), resource = url. */
export interface WebResult {
  title: string;
  describe: string;
  type: string;
  classify: string;
  url: string;
  tag: string[];
  resource: string;
}

/** Web-disk channels of the tabs (2.5) and the aggregation source. */
export const WEBDISK_CHANNELS = ['up1', 'up2', 'brother', 'aggregate'] as const;
export type WebdiskChannel = (typeof WEBDISK_CHANNELS)[number];

/** GET /api/v1/search/webdisk */
export const WebdiskSearchQuerySchema = z.object({
  keyword: z.string().trim().min(1).max(200),
  channel: z.enum(WEBDISK_CHANNELS).default('up1'),
  page: z.coerce.number().int().min(1).max(100).default(1),
});
export type WebdiskSearchQuery = z.infer<typeof WebdiskSearchQuerySchema>;

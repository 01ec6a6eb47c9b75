import { z } from 'zod';
import { WEBDISK_MSG } from '../msg/webdisk';

/**
 * Cloud-disk, find files and find websites (docs/product/search.md §2, §3, §7). Owned by the
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
  keyword: z.string().trim().min(1, WEBDISK_MSG.webdiskEmptyQuery).max(200),
  channel: z.enum(WEBDISK_CHANNELS).default('up1'),
  page: z.coerce.number().int().min(1).max(100).default(1),
});
export type WebdiskSearchQuery = z.infer<typeof WebdiskSearchQuerySchema>;

/** The configuration keys of the web-disk channels (3), as the operator file names them. */
export const WEBDISK_CONFIG_KEYS = [
  'Up1Url',
  'Up2Url',
  'brotherUrl',
  'cloudUrl',
  'pandaUrl',
  'superUrl',
  'degreeUrl',
  'pickupUrl',
  'aggregate_index',
  'lzyUrl',
  'ali2Url',
  'quarkUrl',
  'thunderUrl',
  'baidukUrl',
  'quark2Url',
] as const;
export type WebdiskConfigKey = (typeof WEBDISK_CONFIG_KEYS)[number];

/** Truncation lengths of results (5, 9): cloud-disk title and url 50, website title and content 200. */
export const WEBDISK_LIMITS = { cloudTitle: 50, cloudUrl: 50, webTitle: 200, webContent: 200 } as const;

/** The fixed id of the find-websites system agent (7.1), read from catalog/agents.json. */
export const LOOKFORWEB_AGENT_ID = '66a0f1c2e4b0a1b2c3d4e5f6';
/** The catalog model of find files (4.4). */
export const LOOKFORFILE_MODEL = 'lookforfile';

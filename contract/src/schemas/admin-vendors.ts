import { z } from 'zod';
import { ADMIN_VENDORS_MSG } from '../msg/admin-vendors';

/**
 * The vendors page of the admin console (docs/api.md "Admin: vendors", docs/admin.md "Vendors"): each upstream vendor's
 * base URL and key, saved sealed in the database over the environment's, never answered back; a test call; the last
 * 24 hours' error rate and latency.
 */

export const VENDOR_KINDS = ['chat', 'image', 'speech', 'stt', 'music', 'video', 'search'] as const;
export type VendorKind = (typeof VENDOR_KINDS)[number];

/** env: the environment sets it; database: saved in the console (over the environment); none: not configured. */
export const VENDOR_SOURCES = ['env', 'database', 'none'] as const;
export type VendorSource = (typeof VENDOR_SOURCES)[number];

/** Audit action codes of the vendors area. */
export const ADMIN_VENDOR_ACTIONS = ['vendor.update', 'vendor.reset'] as const;

/** Vendor ids are lower-case words (deepseek, siliconflow, minimax-music). */
export const AdminVendorIdSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, { error: ADMIN_VENDORS_MSG.adminVendorIdInvalid }),
});

const baseUrl = z
  .string({ error: ADMIN_VENDORS_MSG.adminVendorBaseUrlInvalid })
  .trim()
  .max(500, { error: ADMIN_VENDORS_MSG.adminVendorBaseUrlInvalid })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: ADMIN_VENDORS_MSG.adminVendorBaseUrlInvalid },
  )
  // One spelling per endpoint: '{base}/models' must not become '//models'.
  .transform((v) => v.replace(/\/+$/, ''));

const apiKey = z
  .string({ error: ADMIN_VENDORS_MSG.adminVendorApiKeyInvalid })
  .trim()
  .min(1, { error: ADMIN_VENDORS_MSG.adminVendorApiKeyInvalid })
  .max(500, { error: ADMIN_VENDORS_MSG.adminVendorApiKeyInvalid })
  .regex(/^\S+$/, { error: ADMIN_VENDORS_MSG.adminVendorApiKeyInvalid });

const secretKey = z
  .string({ error: ADMIN_VENDORS_MSG.adminVendorSecretKeyInvalid })
  .trim()
  .min(1, { error: ADMIN_VENDORS_MSG.adminVendorSecretKeyInvalid })
  .max(500, { error: ADMIN_VENDORS_MSG.adminVendorSecretKeyInvalid })
  .regex(/^\S+$/, { error: ADMIN_VENDORS_MSG.adminVendorSecretKeyInvalid });

/**
 * PUT /api/admin/vendors/{id}: what to save over the environment. An absent field keeps what is saved (a key is never
 * answered back, so the edit form leaves it out to keep it); at least one field. `secretKey` only for the vendors that
 * sign with a key pair (`pairedSecret`: Kling's secret key beside its access key in `apiKey`).
 */
export const AdminVendorSaveSchema = z
  .object({ baseUrl: baseUrl.optional(), apiKey: apiKey.optional(), secretKey: secretKey.optional() }, { error: ADMIN_VENDORS_MSG.adminVendorNothingToSave })
  .refine((v) => v.baseUrl !== undefined || v.apiKey !== undefined || v.secretKey !== undefined, { error: ADMIN_VENDORS_MSG.adminVendorNothingToSave });
export type AdminVendorSave = z.infer<typeof AdminVendorSaveSchema>;

/** Calls and failures of the last 24 hours, as this process saw them. */
export interface AdminVendorStats {
  calls: number;
  errors: number;
  /** errors / calls, 0-1; null without calls. */
  errorRate: number | null;
  /** Median and 95th percentile milliseconds to the vendor's first answer; null without a successful call. */
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
}

export interface AdminVendorItem {
  id: string;
  kind: VendorKind;
  /** Chinese name. */
  name: string;
  source: VendorSource;
  /** The base URL in force (the saved one, else the environment's, else the vendor's public default); null: none. */
  baseUrl: string | null;
  /** The vendor's public default base URL, when it has one. */
  defaultBaseUrl: string | null;
  keySet: boolean;
  /** The key's last 4 characters, when set (never more of it). */
  keyLast4: string | null;
  /** Whether a key or only a base URL switches it on. */
  activation: 'apiKey' | 'baseUrl';
  /** Signs with a key pair: a second secret beside the key (Kling: access key in the key, secret key here). */
  pairedSecret: boolean;
  /** The second secret: whether it is set and its last 4 characters (never more of it); false/null without a pair. */
  secretKeySet: boolean;
  secretKeyLast4: string | null;
  /** Saved in the console and in force without a restart on every process (every vendor the page lists today). */
  editable: boolean;
  /** Whether the test call is available. */
  testable: boolean;
  /** When and by whom the console last saved it (null: never). */
  updatedAt: string | null;
  updatedBy: number | null;
  stats: AdminVendorStats;
}

/** GET /api/admin/vendors. */
export interface AdminVendorListRes {
  list: AdminVendorItem[];
  /** Where the numbers come from (this process's recent calls). */
  statsWindowHours: number;
}

/** POST /api/admin/vendors/{id}/test: `ok` false carries the vendor's error in Chinese. */
export interface AdminVendorTestRes {
  ok: boolean;
  latencyMs: number;
  message: string;
  /** The HTTP status the vendor answered, when it answered. */
  status: number | null;
}

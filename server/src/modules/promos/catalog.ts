import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PROMO_SWITCHES, PromoButtonSchema, VERSION_PATTERN, type PromoSwitch } from '@wanxiang/contract';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';

/**
 * The operator-editable promos file (server/catalog/promos.json, or CATALOG_DIR/promos.json, or
 * the path in PROMOS_FILE), under the copy saved in the admin console when there is one. Edit and
 * save either and the next request serves the new content, no restart (the file's mtime is checked
 * per request; the console's save reaches every process through catalog/documents). A file that
 * fails validation after an edit is logged and the last good content keeps serving.
 */

const version = z.string().regex(VERSION_PATTERN);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const GuideSchema = z.object({
  title: z.string().max(100),
  subtitle: z.string().max(200).default(''),
  pc_title: z.string().max(100),
  pc_subtitle: z.string().max(200).default(''),
  route: z.string().startsWith('/'),
  banners: z
    .array(z.object({ url: z.string().min(1), title: z.string().max(100), subtitle: z.string().max(200).default('') }))
    .min(1)
    .max(10),
});

/** `show`: a switch per promo that has no data of its own to turn it off (all on when absent); `update_dialog` gates the update prompt. */
const SHOW_KEYS = [...PROMO_SWITCHES, 'update_dialog'] as const;
const ShowSchema = z
  .object(Object.fromEntries(SHOW_KEYS.map((k) => [k, z.boolean().default(true)])) as Record<PromoSwitch | 'update_dialog', z.ZodDefault<z.ZodBoolean>>)
  .strict()
  .default(Object.fromEntries(SHOW_KEYS.map((k) => [k, true])) as Record<PromoSwitch | 'update_dialog', boolean>);

export const PromosFileSchema = z.object({
  show: ShowSchema,
  versions: z.object({
    /** Newest desktop client and web releases. */
    pc: version,
    web: version,
    /** Desktop clients older than this must download the new release (the dialog cannot be closed). */
    pc_min: version,
  }),
  pc_update: z.object({ content: z.string().max(2000), download_url: z.string().min(1) }),
  web_update: z.object({ content: z.string().max(2000) }),
  model: z.object({
    show: z.boolean(),
    title: z.string().max(100),
    content: z.string().max(5000),
    image: z.string().default(''),
    button: z.array(PromoButtonSchema).max(4),
  }),
  /** Newline-separated text; '' = no notice. */
  notice: z.string().max(5000),
  global_notice: z
    .object({
      title: z.string().min(1).max(100),
      content: z.string().max(10000),
      confirm: z.string().min(1).max(20),
      showCancelBtn: z.boolean(),
      allowBackCancel: z.enum(['true', 'false']),
      onConfirmClick: z.string().regex(/^(route|url|close)\|.*$/),
    })
    .nullable(),
  guide: z.object({
    default: GuideSchema,
    keywords: z.array(z.object({ keywords: z.array(z.string().min(1)).min(1), guide: GuideSchema })).default([]),
  }),
  new_year: z.object({
    enabled: z.boolean(),
    /** Business days (Asia/Shanghai), inclusive. */
    from: isoDay,
    to: isoDay,
    icon: z.string().min(1),
    count: z.number().int().min(1).max(99),
  }),
});
export type PromosFile = z.infer<typeof PromosFileSchema>;

/** Check a promos document; `where` names it in the error (the file, or the console's copy). */
export function parsePromosFile(json: unknown, where = 'promos.json'): PromosFile {
  const parsed = PromosFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${where}: ${parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export const DEFAULT_PROMOS_FILE = resolve(import.meta.dirname, '../../../catalog/promos.json');

/** PROMOS_FILE (config.promosFile) wins; then promos.json inside CATALOG_DIR when present; else the shipped file. */
export function promosFilePath(catalogDir: string | undefined, promosFile?: string): string {
  if (promosFile) return resolve(promosFile);
  if (catalogDir && existsSync(join(catalogDir, 'promos.json'))) return join(catalogDir, 'promos.json');
  return DEFAULT_PROMOS_FILE;
}

export interface PromosSource {
  /** The current content: re-read when the file's mtime or size changed since the last read. */
  get(): Promise<PromosFile>;
}

export async function openPromosSource(path: string, warn: (msg: string, err: unknown) => void): Promise<PromosSource> {
  const parse = async () => parsePromosFile(JSON.parse(await readFile(path, 'utf8')), path);
  // A broken file at boot is an operator error to see at once: fail startup.
  let current = await parse();
  let stamp = await fileStamp(path);
  let reading: Promise<void> | null = null;

  const refresh = async () => {
    const now = await fileStamp(path);
    if (now === stamp) return;
    try {
      current = await parse();
      stamp = now;
    } catch (err) {
      // Keep serving the last good content; remember the stamp so one bad save logs once.
      stamp = now;
      warn(`promos file ${path} is invalid; keeping the previous content`, err);
    }
  };

  return {
    async get() {
      // Concurrent requests share one stat/read.
      reading ??= refresh().finally(() => {
        reading = null;
      });
      await reading;
      return current;
    },
  };
}

async function fileStamp(path: string): Promise<string> {
  try {
    const s = await stat(path);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return 'missing';
  }
}

/** The console's check of a promos save: the file's own. */
export const PROMOS_SPEC: LiveSpec<PromosFile> = { documents: ['promos'], build: (read) => parsePromosFile(read('promos')) };

/** Only the console's saved copy (undefined while the file is in force: the file source keeps its own mtime check). */
const SAVED_PROMOS_SPEC: LiveSpec<PromosFile | undefined> = {
  documents: ['promos'],
  build: (read) => {
    const saved = read.saved('promos');
    return saved === undefined ? undefined : parsePromosFile(saved, 'promos (console)');
  },
};

/** The promos in force for this app: the copy saved in the console, else the file (re-read when it changes). */
export function livePromos(ctx: LiveValueHost, file: PromosSource): PromosSource {
  return {
    async get() {
      return liveValueOf(ctx, 'promos.saved', SAVED_PROMOS_SPEC) ?? (await file.get());
    },
  };
}

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { catalogFile, CatalogError } from '../../catalog';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';

/**
 * The sign-in rewards as catalog data (server/catalog/signin.json): what each consecutive day of
 * the week shows and really credits, the full-week bonus and the rules text, or the copy saved in
 * the admin console. Validated before use, so a typo fails loudly instead of crediting nothing.
 */
const quotaKey = z.string().regex(/^[a-z][a-z0-9_]*$/);
const text = z.string().trim().min(1);

const DaySchema = z.strictObject({
  gift: text.optional(),
  points: z.number().int().min(0),
  counts: z.record(quotaKey, z.number().int().min(1)),
});

const WeekBonusSchema = z.union([
  z.strictObject({ label: text, quotaKey, amount: z.number().int().min(1), pending: z.literal(false).optional() }),
  /** Shown in the rules and the success text, never credited (a tool that is not live yet). */
  z.strictObject({ label: text, pending: z.literal(true) }),
]);

export const SigninFileSchema = z.strictObject({
  _comment: z.string().optional(),
  defaultReward: text,
  days: z.array(DaySchema).length(7),
  weekBonus: z.array(WeekBonusSchema),
  rules: z.array(text).min(1),
});

export interface SigninDay {
  /** The text shown in the strip and the success dialog. */
  gift: string;
  points: number;
  counts: Record<string, number>;
}

export interface WeekBonusEntry {
  label: string;
  quotaKey?: string;
  amount?: number;
  pending: boolean;
}

export interface SigninRewards {
  defaultReward: string;
  days: SigninDay[];
  weekBonus: WeekBonusEntry[];
  rules: string[];
}

export function parseSigninRewards(raw: unknown, where = 'signin.json'): SigninRewards {
  const parsed = SigninFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new CatalogError(`${where}: ${parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  const f = parsed.data;
  return {
    defaultReward: f.defaultReward,
    days: f.days.map((d) => ({ gift: d.gift ?? f.defaultReward, points: d.points, counts: d.counts })),
    weekBonus: f.weekBonus.map((b) =>
      b.pending === true ? { label: b.label, pending: true } : { label: b.label, quotaKey: b.quotaKey, amount: b.amount, pending: false },
    ),
    rules: f.rules,
  };
}

export const SIGNIN_SPEC: LiveSpec<SigninRewards> = { documents: ['signin'], build: (read) => parseSigninRewards(read('signin')) };

/** The rewards in force for this app: the console's saved copy over the file, rebuilt when either changes. */
export function signinRewardsOf(ctx: LiveValueHost): SigninRewards {
  return liveValueOf(ctx, 'signin.rewards', SIGNIN_SPEC);
}

const cache = new Map<string, SigninRewards>();

/** signin.json of the catalog directory, parsed once per directory (tests). */
export function loadSigninRewards(dir?: string): SigninRewards {
  const file = catalogFile(dir, 'signin.json');
  let r = cache.get(file);
  if (!r) {
    r = parseSigninRewards(JSON.parse(readFileSync(file, 'utf8')), file);
    cache.set(file, r);
  }
  return r;
}

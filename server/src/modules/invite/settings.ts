import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { catalogFile } from '../../catalog';

/**
 * The operator's invite settings, server/catalog/invite.json (or CATALOG_DIR/invite.json):
 * commission rate, cash-out bounds in cents and the rules text the invite page shows.
 * Read once per process; a malformed file stops the boot with the field at fault.
 */
const InviteSettingsSchema = z.object({
  commissionRate: z.number().min(0).max(1),
  minCashCents: z.number().int().min(1),
  maxCashCents: z.number().int().min(1),
  rules: z.array(z.string()).default([]),
});
export type InviteSettings = z.infer<typeof InviteSettingsSchema>;

const cache = new Map<string, InviteSettings>();

export function inviteSettings(dir?: string): InviteSettings {
  const file = catalogFile(dir, 'invite.json');
  let s = cache.get(file);
  if (!s) {
    const parsed = InviteSettingsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    if (parsed.data.minCashCents > parsed.data.maxCashCents) throw new Error(`${file}: minCashCents is above maxCashCents`);
    s = parsed.data;
    cache.set(file, s);
  }
  return s;
}

/** floor(amount x rate) in whole cents, computed in basis points so 0.3 x 70 is 21, not 20. */
export function commissionOf(amountCents: number, rate: number): number {
  const bp = Math.round(rate * 10_000);
  return Math.floor((amountCents * bp) / 10_000);
}

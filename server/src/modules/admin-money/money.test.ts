import { describe, expect, it } from 'vitest';
import type { ShopGrant } from '@wanxiang/contract';
import { csvCell, csvLine } from './csv';
import { membershipAfterRefund } from './refund';

const DAY = 86_400_000;
const at = new Date('2026-06-01T00:00:00Z');
const grant = (g: Partial<ShopGrant>): ShopGrant => ({ vip: 1, vipType: '月卡', days: 30, permanent: false, counts: {}, points: 0, ...g }) as ShopGrant;

describe('csv cells', () => {
  it('quotes separators and neutralizes formulas', () => {
    expect(csvCell('plain 中文')).toBe('plain 中文');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\n')).toBe('"say ""hi""\n"');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(f).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvLine(['a', '=b'])).toBe("a,'=b\r\n");
  });
});

describe('membership after a refund', () => {
  it('takes the days off and keeps the level while a term is left', () => {
    const m = { vip: 1, vipType: '月卡', vipPermanent: false, vipExpiresAt: new Date(at.getTime() + 50 * DAY) };
    expect(membershipAfterRefund(m, grant({}), at)).toEqual({ next: { ...m, vipExpiresAt: new Date(at.getTime() + 20 * DAY) }, daysTaken: 30, permanentRemoved: false });
  });
  it('drops to a free user when nothing is left', () => {
    const m = { vip: 2, vipType: '季卡', vipPermanent: false, vipExpiresAt: new Date(at.getTime() + 10 * DAY) };
    const out = membershipAfterRefund(m, grant({ vip: 2, days: 90 }), at);
    expect(out.next).toMatchObject({ vip: 0, vipType: '', vipPermanent: false });
    expect(out.daysTaken).toBe(90);
  });
  it('removes a permanent grant, keeping a term bought before', () => {
    const term = new Date(at.getTime() + 5 * DAY);
    expect(membershipAfterRefund({ vip: 4, vipType: '永久', vipPermanent: true, vipExpiresAt: term }, grant({ vip: 4, permanent: true, days: 0 }), at).next).toMatchObject({ vip: 4, vipPermanent: false, vipExpiresAt: term });
    expect(membershipAfterRefund({ vip: 4, vipType: '永久', vipPermanent: true, vipExpiresAt: null }, grant({ vip: 4, permanent: true, days: 0 }), at)).toMatchObject({ next: { vip: 0, vipPermanent: false }, permanentRemoved: true });
  });
  it('leaves memberships alone for points packs and operator levels without expiry', () => {
    const m = { vip: 3, vipType: '年卡', vipPermanent: false, vipExpiresAt: null };
    expect(membershipAfterRefund(m, grant({ vip: 0 }), at).next).toEqual(m);
    expect(membershipAfterRefund(m, grant({}), at).next).toEqual(m);
  });
});

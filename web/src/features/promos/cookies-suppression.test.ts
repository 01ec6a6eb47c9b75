import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_NAMES } from '@wanxiang/contract';
import { PROMO_COOKIE_DAYS, hasPromoCookie, setPromoCookie } from './cookies';
import { automationQuiet, isMobilePage, promoSuppressed } from './suppression';
import { TURN_PRIORITY, currentTurn } from './turn';

describe('promo cookies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('have the lifetimes of docs/product/promos.md §9', () => {
    expect(PROMO_COOKIE_DAYS).toEqual({ guideModal: 1, customerKefu: 7, deepSeekModal: 7, agentModal: 7 });
  });

  it('are set under the spec names with an expiry N days ahead', () => {
    const set = vi.spyOn(Cookies, 'set');
    const now = new Date('2026-05-01T00:00:00Z');
    setPromoCookie('deepSeekModal', now);
    setPromoCookie('guideModal', now);
    expect(set).toHaveBeenNthCalledWith(
      1,
      'deepSeek_modal',
      '1',
      expect.objectContaining({ expires: new Date('2026-05-08T00:00:00Z'), path: '/' }),
    );
    expect(set).toHaveBeenNthCalledWith(2, 'guide_modal', '1', expect.objectContaining({ expires: new Date('2026-05-02T00:00:00Z') }));
  });

  it('are read back by name', () => {
    vi.spyOn(Cookies, 'get').mockImplementation(((name: string) =>
      name === COOKIE_NAMES.customerKefu ? '1' : undefined) as typeof Cookies.get);
    expect(hasPromoCookie('customerKefu')).toBe(true);
    expect(hasPromoCookie('agentModal')).toBe(false);
  });
});

describe('suppression', () => {
  const base = { pathname: '/', desktopClient: false, automation: false, mobileOnly: false };
  it('/mobilepage suppresses every promo', () => {
    expect(isMobilePage('/mobilepage')).toBe(true);
    expect(isMobilePage('/mobilepages')).toBe(false);
    expect(promoSuppressed({ ...base, pathname: '/mobilepage' })).toBe(true);
    expect(promoSuppressed({ ...base, pathname: '/mobilepage', mobileOnly: true })).toBe(true);
    expect(promoSuppressed(base)).toBe(false);
  });
  it('mobile-only pieces never show in desktop-client mode; the rest still do', () => {
    expect(promoSuppressed({ ...base, desktopClient: true, mobileOnly: true })).toBe(true);
    expect(promoSuppressed({ ...base, desktopClient: true })).toBe(false);
  });
  it('automated browsers are quiet unless they opt in', () => {
    const store = (v: string | null) => ({ getItem: () => v });
    expect(automationQuiet({ webdriver: true }, store(null))).toBe(true);
    expect(automationQuiet({ webdriver: true }, store('1'))).toBe(false);
    expect(automationQuiet({ webdriver: false }, store(null))).toBe(false);
    // A named opt-in lets one promo through and keeps the others quiet.
    expect(automationQuiet({ webdriver: true }, store('vip'), 'vip')).toBe(false);
    expect(automationQuiet({ webdriver: true }, store('vip'))).toBe(true);
    expect(automationQuiet({ webdriver: true }, store('vip'), 'banana')).toBe(true);
    expect(promoSuppressed({ ...base, automation: true })).toBe(true);
  });
});

describe('dialog turns', () => {
  it('the highest priority asker goes first', () => {
    expect(currentTurn([])).toBeNull();
    expect(currentTurn(['deepSeek', 'notice', 'modelPromo'])).toBe('notice');
    expect(currentTurn(['guide', 'update'])).toBe('update');
    expect(TURN_PRIORITY.update).toBeGreaterThan(TURN_PRIORITY.globalNotice);
  });
});

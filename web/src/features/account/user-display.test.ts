import { describe, expect, it } from 'vitest';
import { avatarInitial, displayName, maskPhone, membershipLabel, secondaryLine, vipExpiryText } from './user-display';

describe('user display', () => {
  it('masks an 11-digit phone and leaves anything else', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('user@example.com')).toBe('user@example.com');
  });

  it('names the user by nick, then masked phone, then account, then id', () => {
    expect(displayName({ nick: '小万', phone: '13812345678', account: 'a', uid: 1 })).toBe('小万');
    expect(displayName({ nick: '', phone: '13812345678', account: 'a', uid: 1 })).toBe('138****5678');
    expect(displayName({ nick: '', phone: '', account: 'wanxiang', uid: 1 })).toBe('wanxiang');
    expect(displayName({ nick: '', phone: '', account: '', uid: 9 })).toBe('用户9');
  });

  it('shows 普通用户 for vip 0 and the membership type otherwise', () => {
    expect(membershipLabel({ vip: 0, vipType: '' })).toBe('普通用户');
    expect(membershipLabel({ vip: 52, vipType: '年度会员' })).toBe('年度会员');
  });

  it('shows the expiry date, 永久有效, or nothing for free users', () => {
    expect(vipExpiryText({ vip: 52, vipTime: '2027-03-01 12:00:00' })).toBe('2027-03-01 到期');
    expect(vipExpiryText({ vip: 79, vipTime: '永久有效' })).toBe('永久有效');
    expect(vipExpiryText({ vip: 0, vipTime: '2027-03-01 12:00:00' })).toBe('');
  });

  it('uses the first character of the nick, or nothing (an icon) without one', () => {
    expect(avatarInitial({ nick: '万象' })).toBe('万');
    expect(avatarInitial({ nick: '' })).toBe('');
    expect(avatarInitial({ nick: '138****5678' })).toBe('');
    expect(avatarInitial({ nick: 'alice' })).toBe('a');
    expect(secondaryLine({ nick: '小万', phone: '13812345678', uid: 3 })).toBe('138****5678');
    expect(secondaryLine({ nick: '', phone: '13812345678', uid: 3 })).toBe('ID 3');
    expect(secondaryLine({ nick: '138****5678', phone: '13812345678', uid: 3 })).toBe('ID 3');
  });
});

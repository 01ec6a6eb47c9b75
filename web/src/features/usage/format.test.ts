import { describe, expect, it } from 'vitest';
import { MSG, type UsageItem } from '@wanxiang/contract';
import { formatCount, usageRows } from './format';

const item = (over: Partial<UsageItem>): UsageItem => ({
  key: 'chat',
  name: '普通对话',
  max: 20,
  balance: 19,
  number_unit: '次',
  number_time: '每日',
  number_merge: 0,
  children: [],
  ...over,
});

describe('usage formatting', () => {
  it('-1 is 不限, null is 无, numbers carry their unit', () => {
    expect(formatCount(-1, '次')).toBe(MSG.usageUnlimited);
    expect(formatCount(null, '次')).toBe(MSG.usageNone);
    expect(formatCount(0, '次')).toBe('0次');
    expect(formatCount(30, '次')).toBe('30次');
  });

  it('flattens children after their parent with a bar only when bounded', () => {
    const rows = usageRows([
      item({}),
      item({ key: 'chat_v40', name: '高阶模型', max: -1, balance: -1 }),
      item({
        key: 'ai_video',
        name: 'AI视频',
        max: null,
        balance: null,
        children: [item({ key: 'ai_video.bonus', name: '奖励次数', max: 10, balance: 4, number_time: '长期有效' })],
      }),
    ]);
    expect(rows.map((r) => [r.name, r.balance, r.max, r.percent, r.child, r.period])).toEqual([
      ['普通对话', '19次', '20次', 95, false, '每日'],
      ['高阶模型', '不限', '不限', null, false, '每日'],
      ['AI视频', '无', '无', null, false, '每日'],
      ['奖励次数', '4次', '10次', 40, true, '长期有效'],
    ]);
  });
});

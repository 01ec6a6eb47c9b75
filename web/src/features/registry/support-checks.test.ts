import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@wanxiang/contract';
import { accountChecks, formatReport, networkChecks } from './support-checks';

describe('support checks', () => {
  it('measures the API with a streamed read and a median round trip', async () => {
    let clock = 0;
    const durations = [30, 10, 20];
    const fake = (async () => {
      clock += durations.shift()!;
      return new Response('{"code":200}', { status: 200 });
    }) as typeof fetch;
    const results = await networkChecks(fake, () => clock);
    expect(results.map((r) => [r.name, r.level])).toEqual([
      ['服务连接 (/api/health)', 'ok'],
      ['往返耗时', 'ok'],
      ['流式读取', 'ok'],
    ]);
    expect(results[1]!.detail).toBe('20 毫秒');
  });

  it('fails the network section when the API cannot be reached', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const results = await networkChecks(down);
    expect(results.map((r) => r.level)).toEqual(['fail', 'fail', 'warn']);
  });

  it('describes the account', () => {
    expect(accountChecks(null)).toEqual([{ section: 'account', name: '登录状态', level: 'warn', detail: '未登录' }]);
    const user = { id: 7, phone: '', vip: 0, vipType: '', vipTime: '' } as unknown as UserInfo;
    const rows = accountChecks(user);
    expect(rows.find((r) => r.name === '手机号')?.level).toBe('warn');
    expect(rows.find((r) => r.name === '会员')?.detail).toBe('普通用户');
  });

  it('formats a report by section', () => {
    const text = formatReport(
      [
        { section: 'network', name: '往返耗时', level: 'ok', detail: '20 毫秒' },
        { section: 'browser', name: 'WebP 图片', level: 'warn', detail: '不支持' },
      ],
      new Date('2026-01-02T03:04:05Z'),
      '/test',
    );
    expect(text).toBe(['万象 AI 环境检测报告', '时间：2026-01-02T03:04:05.000Z', '页面：/test', '', '【浏览器】', '[注意] WebP 图片：不支持', '', '【网络】', '[正常] 往返耗时：20 毫秒'].join('\n'));
  });
});

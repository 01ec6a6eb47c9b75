import { describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../catalog';
import type { LlmDelta, LlmGateway, LlmStreamRequest } from '../../llm/gateway';
import { LlmError } from '../../llm/gateway';
import { loadCatalog } from '../../catalog';
import { buildFollowups } from '../../llm/demo-upstream/answer';
import { followupPrompt, parseFollowups, suggestFollowups, FOLLOWUP_MAX } from './followups';

describe('parseFollowups', () => {
  it('reads a bare, fenced or embedded JSON array', () => {
    expect(parseFollowups('["甲是什么？","乙怎么做？","丙有什么用？"]')).toEqual(['甲是什么？', '乙怎么做？', '丙有什么用？']);
    expect(parseFollowups('```json\n["甲是什么？", "乙怎么做？"]\n```')).toEqual(['甲是什么？', '乙怎么做？']);
    expect(parseFollowups('好的，以下是建议：\n["甲是什么？","乙怎么做？"]\n希望有帮助')).toEqual(['甲是什么？', '乙怎么做？']);
  });

  it('reads an object holding the list, and objects with a question field', () => {
    expect(parseFollowups('{"questions":["甲？","乙？"]}')).toEqual(['甲？', '乙？']);
    expect(parseFollowups('[{"question":"甲？"},{"q":"乙？"}]')).toEqual(['甲？', '乙？']);
  });

  it('falls back to numbered or bulleted lines, and to lines that end with a question mark', () => {
    expect(parseFollowups('1. 甲是什么？\n2、乙怎么做？\n- **丙**有什么用？\n（4）丁呢？')).toEqual([
      '甲是什么？',
      '乙怎么做？',
      '丙有什么用？',
      '丁呢？',
    ]);
    expect(parseFollowups('下面是一些问题\n甲是什么？\n乙怎么做?\n谢谢')).toEqual(['甲是什么？', '乙怎么做?']);
  });

  it('drops duplicates, the question itself, empty and over-long items; keeps at most five', () => {
    const long = '长'.repeat(61);
    const out = parseFollowups(JSON.stringify(['原问题？', '甲？', '甲?', '', long, '乙？', '丙？', '丁？', '戊？', '己？']), '原问题');
    expect(out).toEqual(['甲？', '乙？', '丙？', '丁？', '戊？']);
    expect(out).toHaveLength(FOLLOWUP_MAX);
  });

  it('gives an empty list for nothing usable', () => {
    expect(parseFollowups('')).toEqual([]);
    expect(parseFollowups('抱歉，我无法回答。')).toEqual([]);
    expect(parseFollowups('[1, 2, null]')).toEqual([]);
  });

  it('parses what the demo upstream answers', () => {
    const out = parseFollowups(buildFollowups('区块链'), '区块链');
    expect(out.length).toBeGreaterThanOrEqual(3);
    expect(out.every((q) => q.includes('区块链'))).toBe(true);
  });
});

/** A gateway that answers from a script, to drive suggestFollowups without a network. */
function scripted(run: (req: LlmStreamRequest) => AsyncIterable<LlmDelta>, seen: LlmStreamRequest[] = []): LlmGateway {
  return {
    demo: true,
    available: () => true,
    stream: (req) => {
      seen.push(req);
      return run(req);
    },
    close: async () => undefined,
  };
}

describe('suggestFollowups', () => {
  const catalog = loadCatalog();

  it('asks the default model with the instruction and parses its answer', async () => {
    const seen: LlmStreamRequest[] = [];
    const llm = scripted(async function* () {
      yield { type: 'reasoning', text: '["不是这个"]' };
      yield { type: 'text', text: '["甲是什么？",' };
      yield { type: 'text', text: '"乙怎么做？","丙呢？"]' };
    }, seen);
    expect(await suggestFollowups({ catalog, llm }, '原问题')).toEqual(['甲是什么？', '乙怎么做？', '丙呢？']);
    expect((seen[0]!.model as CatalogModel).key).toBe('v35');
    expect(seen[0]!.messages).toEqual([{ role: 'user', content: followupPrompt('原问题') }]);
  });

  it('an upstream failure gives what arrived before it, or nothing', async () => {
    const failing = scripted(async function* () {
      yield { type: 'text', text: '1. 甲是什么？\n2. 乙怎么做？\n' };
      throw new LlmError('network', 'boom');
    });
    expect(await suggestFollowups({ catalog, llm: failing }, '原问题')).toEqual(['甲是什么？', '乙怎么做？']);
    const nothing = scripted(async function* () {
      yield* [];
      throw new LlmError('network', 'boom');
    });
    expect(await suggestFollowups({ catalog, llm: nothing }, '原问题')).toEqual([]);
  });

  it('stops waiting when the caller goes away', async () => {
    const hanging = scripted(async function* (req) {
      await new Promise((_, reject) => req.signal.addEventListener('abort', () => reject(new LlmError('aborted', 'gone'))));
      yield { type: 'text', text: '不会到达' };
    });
    const gone = new AbortController();
    const result = suggestFollowups({ catalog, llm: hanging }, '原问题', gone.signal);
    gone.abort();
    expect(await result).toEqual([]);
  });

  it('no usable model: an empty list', async () => {
    const none: LlmGateway = {
      ...scripted(async function* () {
        yield* [];
      }),
      available: () => false,
    };
    expect(await suggestFollowups({ catalog, llm: none }, '原问题')).toEqual([]);
  });
});

describe('demo follow-ups', () => {
  it('ask about the subject of the question', () => {
    const out = parseFollowups(buildFollowups('什么是机器学习？'));
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const q of out) {
      expect(q).toContain('机器学习');
      expect(q).not.toContain('什么是机器学习');
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aigcBand, aigcOverallRate, AIGC_MSG, AIGC_PARAGRAPH_MAX } from '@wanxiang/contract';
import { TaskFailure } from '../../jobs';
import { demoAiProbability, demoRewrite } from './demo-judge';
import { JUDGE_ATTEMPTS, llmJudgeDetector, parseJudgeAnswer, serviceDetector } from './detector';
import { splitParagraphs } from './paragraphs';
import { comparableSentences, coveredShare, grams, overlap, passage, PassageIndex } from './similarity';

describe('bands and the overall rate', () => {
  it('bands a probability at 0.7 and 0.4', () => {
    expect([0, 0.39, 0.4, 0.69, 0.7, 1].map(aigcBand)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
  });

  it('weighs paragraphs by length and skips unscored ones', () => {
    const rate = aigcOverallRate([
      { text: '甲'.repeat(300), score: 0.9 },
      { text: '乙'.repeat(100), score: 0.1 },
      { text: '标题', score: null },
    ]);
    expect(rate).toBe(70);
    expect(aigcBand(rate / 100)).toBe('high');
    expect(aigcOverallRate([{ text: '短', score: null }])).toBe(0);
  });
});

describe('paragraphs', () => {
  it('keeps one paragraph per non-empty line and cuts long ones at sentence ends', () => {
    expect(splitParagraphs('第一段。\r\n\r\n  第二段  有空格。\n\n')).toEqual(['第一段。', '第二段 有空格。']);
    const long = '这是一个用来测试切分的句子。'.repeat(200);
    const parts = splitParagraphs(long);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => [...p].length <= AIGC_PARAGRAPH_MAX)).toBe(true);
    expect(parts.join('')).toBe(long);
    expect(parts.every((p) => p.endsWith('。'))).toBe(true);
  });
});

describe('the LLM judge answer', () => {
  it('reads scores from JSON in prose or fences, percentages too', () => {
    expect(parseJudgeAnswer('```json\n{"scores":[0.91, 0.2]}\n```', 2)).toEqual([0.91, 0.2]);
    expect(parseJudgeAnswer('结果如下：{"scores":[85,"0.3"]}', 2)).toEqual([0.85, 0.3]);
    expect(parseJudgeAnswer('{"scores":[1.5,-1]}', 2)).toEqual([0.015, 0]);
  });

  it('refuses a wrong count or garbage', () => {
    expect(parseJudgeAnswer('{"scores":[0.5]}', 2)).toBeNull();
    expect(parseJudgeAnswer('no json here', 1)).toBeNull();
    expect(parseJudgeAnswer('{"scores":["high"]}', 1)).toBeNull();
  });

  it('demo figures: stock connectives score high, colloquial first-person text low, and the demo rewrite lowers a score', () => {
    const ai = '首先，技术发展至关重要。其次，教育模式发生显著变化。此外，资源分配更加公平。综上所述，前景广阔。';
    const human = '我昨天去买菜，碰到老王在砍价，吵得挺凶的，哈哈，真没办法呀。';
    expect(demoAiProbability(ai)).toBeGreaterThanOrEqual(0.7);
    expect(demoAiProbability(human)).toBeLessThan(0.4);
    expect(demoAiProbability(demoRewrite(ai))).toBeLessThan(demoAiProbability(ai));
  });
});

describe('the LLM judge adapter', () => {
  /** A gateway answering the given texts in turn, recording the messages it was sent. */
  const gateway = (answers: string[]) => {
    const sent: string[] = [];
    const llm = {
      demo: false,
      available: () => true,
      close: async () => undefined,
      async *stream(req: { messages: { content: string }[] }) {
        sent.push(req.messages[1]!.content);
        yield { type: 'text' as const, text: answers.shift() ?? '' };
      },
    };
    return { llm: llm as never, sent };
  };
  const model = { key: 'm' } as never;
  const signal = () => new AbortController().signal;

  it('asks with the paragraphs as numbered data and reads the scores', async () => {
    const g = gateway(['{"scores":[0.9,0.1]}']);
    expect(await llmJudgeDetector(g, model).score(['第一段文字', '第二段文字'], signal())).toEqual([0.9, 0.1]);
    expect(g.sent[0]).toContain('【第1段】第一段文字');
    expect(g.sent[0]).toContain('【第2段】第二段文字');
  });

  it('asks once more after an unreadable answer, then fails the check in Chinese', async () => {
    const g = gateway(['我认为第一段像 AI 写的', '{"scores":[0.7]}']);
    expect(await llmJudgeDetector(g, model).score(['一段'], signal())).toEqual([0.7]);
    const bad = gateway(['不知道', '还是不知道', '{"scores":[0.5]}']);
    await expect(llmJudgeDetector(bad, model).score(['一段'], signal())).rejects.toEqual(new TaskFailure(AIGC_MSG.judgeFailed));
    expect(bad.sent).toHaveLength(JUDGE_ATTEMPTS);
  });
});

describe('the detector service adapter (against a local fake)', () => {
  let server: Server;
  let base: string;
  let mode: 'ok' | 'error' | 'short' | 'garbage' | 'slow' = 'ok';
  const seen: unknown[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { texts: string[] };
        seen.push(parsed);
        if (mode === 'slow') return void setTimeout(() => res.end('{}'), 2_000);
        if (mode === 'error') return void res.writeHead(503).end('busy');
        res.setHeader('content-type', 'application/json');
        if (mode === 'garbage') return void res.end('<html>');
        // A Fast-DetectGPT-like answer: the longer the text, the likelier machine-made (enough to tell the order).
        const probabilities = parsed.texts.map((t) => Math.min(1, t.length / 100));
        res.end(JSON.stringify({ probabilities: mode === 'short' ? probabilities.slice(1) : probabilities }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/detect`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const signal = () => new AbortController().signal;

  it('posts the texts and reads one probability per text', async () => {
    mode = 'ok';
    const d = serviceDetector(base, 1_000);
    expect(d.kind).toBe('service');
    expect(await d.score(['a'.repeat(50), 'b'.repeat(200)], signal())).toEqual([0.5, 1]);
    expect(seen.at(-1)).toEqual({ texts: ['a'.repeat(50), 'b'.repeat(200)] });
  });

  it.each(['error', 'short', 'garbage', 'slow'] as const)('fails the check in Chinese when the service answers %s', async (m) => {
    mode = m;
    await expect(serviceDetector(base, 300).score(['x', 'y'], signal())).rejects.toEqual(new TaskFailure(AIGC_MSG.detectorFailed));
  });

  it('fails when nothing listens', async () => {
    await expect(serviceDetector('http://127.0.0.1:9/none', 300).score(['x'], signal())).rejects.toEqual(
      new TaskFailure(AIGC_MSG.detectorFailed),
    );
  });
});

describe('similarity measure', () => {
  it('a copied sentence overlaps fully, an unrelated one not at all', () => {
    const src = grams('人工智能正在改变教育的方式和内容。');
    expect(overlap(grams('人工智能正在改变教育的方式和内容'), src)).toBe(1);
    expect(overlap(grams('今天天气很好适合出去散步'), src)).toBe(0);
  });

  it('the index answers the best passage above the threshold, and the covered share of a paragraph', () => {
    const index = new PassageIndex<string>();
    index.add(passage('a', '城市公园在周末通常会迎来较多游客。'));
    index.add(passage('b', '完全无关的一段文字内容，讲的是别的。'));
    const [s1, s2] = comparableSentences('城市公园在周末通常会迎来较多游客。我家楼下新开了一家面馆，味道不错。');
    expect(index.best(s1!.grams)?.passage.source).toBe('a');
    expect(index.best(s2!.grams)).toBeNull();
    // Indexed against a text's grams, an unrelated passage is not kept at all.
    const only = new PassageIndex<string>();
    only.add(passage('b', '完全无关的一段文字内容，讲的是别的。'), grams('城市公园在周末通常会迎来较多游客。'));
    expect(only.passages).toHaveLength(0);
    only.add(passage('a', '城市公园在周末通常会迎来较多游客。'), grams('城市公园在周末通常会迎来较多游客。'));
    expect(only.best(s1!.grams)?.passage.source).toBe('a');
    const share = coveredShare('城市公园在周末通常会迎来较多游客。我家楼下新开了一家面馆，味道不错。', [s1!.text]);
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.7);
  });
});

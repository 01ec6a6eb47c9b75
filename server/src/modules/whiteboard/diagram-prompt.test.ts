import { describe, expect, it } from 'vitest';
import { cleanMermaid, demoMermaid, labelOf, phrasesOf, topicOf } from './diagram-prompt';

/** The text -> Mermaid prompt's demo answer (what the demo upstream draws) and the cleaning of model answers. */
describe('whiteboard demo Mermaid', () => {
  it('draws a flowchart of the sentence, one node per phrase in order, closed by a yes/no check', () => {
    const m = demoMermaid('打开冰箱门，然后把大象放进去，最后关上冰箱门', 'diagram');
    expect(m.split('\n')).toEqual([
      'flowchart TD',
      '  start(["开始"])',
      '  s1["打开冰箱门"]',
      '  s2["把大象放进去"]',
      '  s3["关上冰箱门"]',
      '  check{"是否完成？"}',
      '  done(["结束"])',
      '  start --> s1',
      '  s1 --> s2',
      '  s2 --> s3',
      '  s3 --> check',
      '  check -->|是| done',
      '  check -->|否| s2',
    ]);
    expect(cleanMermaid(m)).toBe(m);
  });

  it('fills a one-phrase request with steps about its topic', () => {
    const m = demoMermaid('画一个请假审批的流程图', 'diagram');
    expect(m).toContain('s1["明确请假审批的目标"]');
    expect(m).toContain('s3["执行请假审批"]');
  });

  it('draws a sequence diagram when the sentence is about requests between parties', () => {
    const m = demoMermaid('客户端请求登录，服务器校验密码，返回令牌', 'diagram');
    expect(m.split('\n')).toEqual([
      'sequenceDiagram',
      '  participant U as 用户',
      '  participant S as 系统',
      '  U->>S: 客户端请求登录',
      '  S-->>U: 服务器校验密码',
      '  U->>S: 返回令牌',
    ]);
  });

  it('lays a mind map out as a left-to-right flowchart from a root, branches from the words when given', () => {
    const given = demoMermaid('学习英语：背单词、练听力、多阅读', 'mindmap');
    expect(given).toMatch(/^flowchart LR\n {2}root\(\("学习英语"\)\)\n/);
    expect(given).toContain('  root --> b1["背单词"]');
    expect(given).toContain('  root --> b3["多阅读"]');
    expect(given).toContain('  b2 --> b2l1["练听力的要点"]');

    const topic = demoMermaid('时间管理', 'mindmap');
    const branches = topic.split('\n').filter((l) => l.startsWith('  root --> '));
    expect(branches).toEqual([
      '  root --> b1["时间管理是什么"]',
      '  root --> b2["时间管理核心要点"]',
      '  root --> b3["时间管理应用场景"]',
      '  root --> b4["时间管理常见问题"]',
      '  root --> b5["时间管理发展趋势"]',
    ]);
    expect(topic).toContain('  b3 --> b3l3["生活"]');
  });

  it('keeps labels safe for Mermaid: no quotes or brackets, one line, clipped', () => {
    expect(labelOf('点 "确定" [按钮] {x}\n再试')).toBe('点 确定 按钮 x 再试');
    expect([...labelOf('很'.repeat(40))]).toHaveLength(16);
    expect(phrasesOf('首先登录；再下单、并且支付')).toEqual(['登录', '下单', '支付']);
    expect(topicOf('帮我画一张关于项目管理的思维导图')).toBe('项目管理');
    // A quote in the sentence never breaks the diagram.
    expect(demoMermaid('点击"提交"，等待"审核"', 'diagram')).toContain('s1["点击提交"]');
  });
});

describe('cleanMermaid', () => {
  it('takes the fenced block of a chatty answer, or the text from the diagram header on', () => {
    expect(cleanMermaid('好的，图如下：\n```mermaid\nflowchart LR\n  a["甲"] --> b["乙"]\n```\n希望有帮助')).toBe('flowchart LR\n  a["甲"] --> b["乙"]');
    expect(cleanMermaid('下面是图：\ngraph TD\n  a --> b\n')).toBe('graph TD\n  a --> b');
    expect(cleanMermaid('sequenceDiagram\r\n  A->>B: 你好')).toBe('sequenceDiagram\n  A->>B: 你好');
  });

  it('refuses prose, diagram kinds the converter cannot draw as shapes, and a header alone', () => {
    expect(cleanMermaid('抱歉，我无法完成这个请求。')).toBeNull();
    expect(cleanMermaid('mindmap\n  root((主题))\n    分支')).toBeNull();
    expect(cleanMermaid('pie title 占比\n  "甲" : 1')).toBeNull();
    expect(cleanMermaid('flowchart TD')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { buildAnswer } from './answer';

/** A chat question naming Mermaid gets a ```mermaid flowchart in demo mode (the web draws it, issue 17 comfort). */
describe('demo upstream diagram answers', () => {
  it('answers a question that asks for Mermaid with a closed ```mermaid flowchart about its topic', () => {
    const text = buildAnswer('用 mermaid 画出网购下单到收货的流程', 'glm_4_air');
    const m = /```mermaid\n([\s\S]*?)\n```/.exec(text);
    expect(m, text).not.toBeNull();
    expect(m![1]).toMatch(/^flowchart TD\n/);
    expect(m![1]).toContain('网购下单到收货');
    expect(m![1]).not.toMatch(/mermaid/i);
  });

  it('leaves other questions to the usual answer', () => {
    expect(buildAnswer('画一个请假审批流程图', 'glm_4_air')).not.toContain('```mermaid');
  });
});

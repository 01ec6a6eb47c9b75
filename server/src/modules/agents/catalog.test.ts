import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_AGENT_ID, WEBSITES_AGENT_ID } from '@wanxiang/contract';
import { catalogFile, CatalogError, loadCatalog } from '../../catalog';
import { agentsAnswer } from '../../llm/demo-upstream/answers/agents';
import { loadSystemAgents } from './catalog';

const catalog = loadCatalog();

function fileWith(agents: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'agents-'));
  const file = join(dir, 'agents.json');
  writeFileSync(file, JSON.stringify({ agents }));
  return file;
}

describe('agents.json', () => {
  it('ships the menu agents, the document agent and the find-websites agent', () => {
    const agents = loadSystemAgents(catalogFile(undefined, 'agents.json'), catalog);
    expect(agents).toHaveLength(13);
    expect(agents.find((a) => a.id === DOC_AGENT_ID)).toMatchObject({ hidden: true });
    expect(agents.find((a) => a.id === WEBSITES_AGENT_ID)).toMatchObject({ tools: ['web_browser'], quotaKey: 'resource_website' });
  });

  it('stops the boot with the entry and the field at fault', () => {
    const good = loadSystemAgents(catalogFile(undefined, 'agents.json'), catalog)[0]!;
    expect(() => loadSystemAgents(fileWith([{ ...good, model: 'nope' }]), catalog)).toThrow(/unknown model "nope"/);
    expect(() => loadSystemAgents(fileWith([good, good]), catalog)).toThrow(/duplicate id/);
    expect(() => loadSystemAgents(fileWith([{ ...good, quotaKey: 'x' }]), catalog)).toThrow(/unknown quotaKey/);
    expect(() => loadSystemAgents(fileWith([{ ...good, id: 'short' }]), catalog)).toThrow(CatalogError);
  });
});

describe('demo answers of the agents', () => {
  const websitesPrompt = loadSystemAgents(catalogFile(undefined, 'agents.json'), catalog).find((a) => a.id === WEBSITES_AGENT_ID)!.prompt;

  it('answers the find-websites agent with the JSON list of the sites its tool found', () => {
    const system = `${websitesPrompt}\n以下是工具检索到的资料，请结合它回答用户的问题：\n\n1. 小工具 PDF https://pdf.example.com 免费在线转换\n2. 另一个站 https://b.example.org`;
    const list = JSON.parse(agentsAnswer('找 PDF 网站', system)!) as { title: string; url: string; describe: string; tag: string[] }[];
    expect(list.map((s) => s.url)).toEqual(['https://pdf.example.com', 'https://b.example.org']);
    expect(list[0]).toMatchObject({ title: '小工具 PDF', describe: '免费在线转换', tag: ['pdf.example.com'] });
    expect(JSON.parse(agentsAnswer('找 PDF 网站', websitesPrompt)!)).toEqual([]);
  });

  it('leaves other prompts to the default answer', () => {
    expect(agentsAnswer('你好', '你是助手')).toBeUndefined();
  });
});

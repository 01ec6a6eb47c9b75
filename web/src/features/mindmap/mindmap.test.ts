import { describe, expect, it } from 'vitest';
import { Transformer } from 'markmap-lib';
import { nodeTexts, toMarkmapTree, unfence } from './markmap-data';
import { fileNameOf, svgMarkup, titleOf } from './export';

describe('markdown → markmap tree', () => {
  const t = new Transformer();

  it('makes the title the root, ## sections its children and list items their leaves', () => {
    const tree = toMarkmapTree(t, '# 学习计划\n## 数学\n- 函数\n- 几何\n## 英语\n### 词汇\n- 每天30个');
    expect(tree.children.length).toBe(2);
    expect(tree.children[0]!.children.length).toBe(2);
    expect(nodeTexts(tree)).toEqual(['学习计划', '数学', '函数', '几何', '英语', '词汇', '每天30个']);
  });

  it('strips a ```markdown fence and any markup that could run', () => {
    expect(unfence('```markdown\n# A\n## B\n```')).toBe('# A\n## B');
    const tree = toMarkmapTree(t, '# 标题\n## <img src=x onerror="alert(1)">分支\n- [链接](javascript:alert(1))\n- <script>alert(1)</script>要点');
    const html = JSON.stringify(tree);
    expect(html).not.toMatch(/onerror|<script|<img|href=\\"javascript:/i);
    expect(nodeTexts(tree)).toContain('分支');
  });
});

describe('exports', () => {
  it('names files after the outline title without unsafe characters', () => {
    expect(titleOf('\n# 高效 学习/方法\n## a')).toBe('高效 学习/方法');
    expect(fileNameOf('高效 学习/方法', 'md')).toBe('高效_学习_方法.md');
    expect(fileNameOf('', 'png')).toBe('思维导图.png');
  });

  it('serialises the SVG stand-alone with size, namespace and a white background', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'x');
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    g.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'circle'));
    svg.appendChild(g);
    const markup = svgMarkup(svg, 300, 200);
    expect(markup).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(markup).toContain('width="300"');
    expect(markup).toContain('viewBox="0 0 300 200"');
    expect(markup).toMatch(/<rect[^>]*fill="#ffffff"/);
    expect(markup).toContain('<circle');
    expect(svg.getAttribute('class')).toBe('x');
  });
});

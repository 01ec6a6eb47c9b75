/**
 * Regenerate the template preview images (web/public/ppt-templates/<id>.png): a sample deck is
 * built in each template and LibreOffice renders its first slide. Needs `soffice` on PATH.
 *
 *   npm run ppt:previews -w server                        all templates, title slides
 *   npm run ppt:previews -w server -- --kind content      another slide kind first (to look at it)
 *   npm run ppt:previews -w server -- --out /tmp/x --template mint-fresh
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { PptSlideKind } from '@wanxiang/contract';
import { buildPptx } from '../builder/build';
import { deckFromOutline } from '../deck';
import { convertPptx, sofficeAvailable } from '../office';
import { templateRegistry } from '../templates';

const HERE = dirname(fileURLToPath(import.meta.url));
const DEFAULT_OUT = resolve(HERE, '../../../../../web/public/ppt-templates');

export const SAMPLE_OUTLINE = `# 年度工作总结与展望
- 稳中求进 · 创新驱动
## 年度回顾
### 核心成果
- 营业收入同比增长 28%
- 新增客户超过 1200 家
- 产品满意度提升至 96%
## 重点项目
### 数字化平台
- 完成核心系统云化迁移
- 上线数据分析中台
## 未来规划
### 明年目标
- 聚焦主营业务提质增效
- 拓展海外市场`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, kind: { type: 'string' }, template: { type: 'string' } },
  });
  if (!(await sofficeAvailable())) {
    console.error('soffice (LibreOffice) not found: install libreoffice-impress to render previews.');
    process.exit(1);
  }
  const out = values.out ? resolve(values.out) : DEFAULT_OUT;
  await mkdir(out, { recursive: true });
  const deck = deckFromOutline(SAMPLE_OUTLINE);
  const kind = (values.kind ?? 'title') as PptSlideKind;
  const first = deck.slides.find((s) => s.kind === kind);
  if (!first) throw new Error(`no ${kind} slide in the sample deck`);
  const templates = templateRegistry(process.env.CATALOG_DIR)
    .list()
    .filter((t) => !values.template || t.id === values.template);
  for (const t of templates) {
    const pptx = await buildPptx({ title: deck.title, slides: [first] }, t, { brand: '万象 AI · 模板预览' });
    const png = await convertPptx(pptx, 'png');
    const file = join(out, `${t.id}${kind === 'title' ? '' : `-${kind}`}.png`);
    await writeFile(file, png);
    console.log(`${t.id}: ${file}`);
  }
}

await main();

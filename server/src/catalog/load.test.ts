import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogError, DEFAULT_CATALOG_DIR, loadCatalog } from './index';

const catalog = loadCatalog();

describe('loadCatalog validation', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** A copy of the real catalog with one file edited. */
  function editedCopy(file: string, edit: (json: Record<string, unknown>) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'wanxiang-catalog-'));
    dirs.push(dir);
    cpSync(DEFAULT_CATALOG_DIR, dir, { recursive: true });
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    edit(json);
    writeFileSync(join(dir, file), JSON.stringify(json));
    return dir;
  }
  const models = (j: Record<string, unknown>) => j.models as Record<string, unknown>[];

  it('names the bad entry and field', () => {
    const dir = editedCopy('models.json', (j) => {
      models(j)[3]!.modelType = 'warm';
    });
    expect(() => loadCatalog(dir)).toThrow(CatalogError);
    expect(() => loadCatalog(dir)).toThrow(/models\[3\] \(key "talkV2"\): modelType/);
  });

  it('refuses misspelt fields, duplicate keys, unknown group members and unknown quota keys', () => {
    const cases: [string, (j: Record<string, unknown>) => void, RegExp][] = [
      ['models.json', (j) => void (models(j)[0]!.lable = 'x'), /lable/],
      ['models.json', (j) => void models(j).push({ ...models(j)[1]! }), /duplicate model key "v35"/],
      ['models.json', (j) => void (models(j)[1]!.quotaKey = 'chat_gold'), /quotaKey "chat_gold"/],
      ['models.json', (j) => void (models(j)[0]!.children = ['ghost']), /unknown child "ghost"/],
      [
        'groups.json',
        (j) => void (j.groups as { models: string[] }[])[0]!.models.push('ghost'),
        /group "recommend" \(推荐\) lists unknown model "ghost"/,
      ],
      [
        'tiers.json',
        (j) => void delete (j.levels as { daily: Record<string, number> }[])[0]!.daily.chat_doc,
        /vip 0 has no count for quota key "chat_doc"/,
      ],
    ];
    for (const [file, edit, message] of cases) expect(() => loadCatalog(editedCopy(file, edit))).toThrow(message);
  });

  it('refuses aliases of one upstream model gated differently (tier block or points-only price)', () => {
    const byKey = (j: Record<string, unknown>, key: string) => models(j).find((m) => m.key === key)!;
    // chat_4o reaches gpt-4o like v40, which free users may not use.
    const open = editedCopy('models.json', (j) => void (byKey(j, 'chat_4o').blockedVips = []));
    expect(() => loadCatalog(open)).toThrow(/models "v40" and "chat_4o" both reach openai\/gpt-4o but are gated differently/);
    // A points-only model with an alias paid by counts.
    const cheap = editedCopy('models.json', (j) => void Object.assign(byKey(j, 'chat4.5-preview'), { only_points: false }));
    expect(() => loadCatalog(cheap)).toThrow(/"chat-45-preview" and "chat4.5-preview" both reach openai\/gpt-4.5-preview/);
    // Feature entries on one upstream may meter by their own count (doc understanding on moonshot-128k).
    const feature = editedCopy('models.json', (j) => void (byKey(j, 'doc').quotaKey = 'chat_doc'));
    expect(() => loadCatalog(feature)).not.toThrow();
  });

  it('refuses unreadable JSON with the file path', () => {
    const dir = editedCopy('groups.json', () => undefined);
    writeFileSync(join(dir, 'groups.json'), '{ not json');
    expect(() => loadCatalog(dir)).toThrow(/groups\.json/);
  });

  it('looks keys up in constant time', () => {
    const keys = catalog.models().map((m) => m.key);
    const start = performance.now();
    let found = 0;
    for (let i = 0; i < 200_000; i++) if (catalog.get(keys[i % keys.length]!)) found++;
    expect(found).toBe(200_000);
    // A Map lookup: well under a microsecond each even on a slow machine.
    expect((performance.now() - start) / 200_000).toBeLessThan(0.005);
  });
});

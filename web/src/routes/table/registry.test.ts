import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, PENDING_ROUTES, TOOLS, toolByPath, type ToolSpec } from '@wanxiang/contract';
import { ROUTES, pageKeyOf } from './index';
import { PAGE_COMPONENTS } from './page-keys';
import { REFERENCE_PATHS } from './reference-paths';

/** Path prefixes of the families issues 13 (images), 14 (documents) and 15 (media) build. */
const FAMILY_PREFIXES: Record<13 | 14 | 15, readonly string[]> = {
  13: ['/draw', '/newdraw', '/picture', '/photo', '/aiDesign', '/aiChart', '/analysis', '/whiteboard'],
  14: ['/AiFile', '/doc', '/AITranslate', '/aigc', '/aiThesis', '/newAiThesis', '/PdfTools', '/WordOverview'],
  15: ['/video', '/AICreateVideo', '/AiVideo', '/AIMusic', '/AiVioce'],
};

function underPrefix(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}/`));
}

const pendingPaths = new Set(PENDING_ROUTES.map((p) => p.path));

describe('tool registry covers the route table', () => {
  it('serves every reference path as a tool, a page or a pending route', () => {
    const uncovered = REFERENCE_PATHS.filter((p) => !toolByPath(p) && !pendingPaths.has(p));
    expect(uncovered, 'routes that are neither a registry entry nor pending').toEqual([]);
  });

  it('gives every reference path a route of the table', () => {
    const routed = new Set(ROUTES.map((r) => r.path));
    expect(REFERENCE_PATHS.filter((p) => !routed.has(p))).toEqual([]);
  });

  it('has unique ids and gives each path to one entry', () => {
    const ids = TOOLS.map((t) => t.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'duplicate ids').toEqual([]);
    const paths = TOOLS.flatMap((t) => t.paths);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i), 'paths of two entries').toEqual([]);
    const pending = PENDING_ROUTES.map((p) => p.path);
    expect(pending.filter((p, i) => pending.indexOf(p) !== i), 'pending twice').toEqual([]);
  });

  it('keeps pending routes out of the registry, in the families of issues 13-15', () => {
    expect(PENDING_ROUTES.filter((p) => toolByPath(p.path)).map((p) => p.path), 'pending but built: delete its row').toEqual([]);
    const astray = PENDING_ROUTES.filter((p) => !underPrefix(p.path, FAMILY_PREFIXES[p.issue]));
    expect(astray.map((p) => `${p.path} (issue ${p.issue})`)).toEqual([]);
  });

  it('renders every page entry with a component', () => {
    const pages = TOOLS.filter((t) => t.kind === 'page');
    expect(pages.filter((t) => !PAGE_COMPONENTS[t.id]).map((t) => t.id), 'page entries without a component').toEqual([]);
    const known = new Set(TOOLS.map((t) => t.id));
    expect(Object.keys(PAGE_COMPONENTS).filter((id) => !known.has(id)), 'components of no entry').toEqual([]);
  });

  it('routes each entry by its kind, with its title and login flag', () => {
    for (const tool of TOOLS) {
      for (const path of tool.paths) {
        const r = ROUTES.find((x) => x.path === path);
        expect(r?.element, path).toBe(pageKeyOf(tool));
        expect(r?.title, path).toBe(tool.title);
        expect(r?.verifToken, path).toBe(tool.loginRequired ?? false);
      }
    }
  });
});

function fieldProblems(tool: ToolSpec): string[] {
  const out: string[] = [];
  const names = tool.fields.map((f) => f.name);
  if (new Set(names).size !== names.length) out.push(`${tool.id}: duplicate field names`);
  for (const f of tool.fields) {
    const at = `${tool.id}.${f.name}`;
    if (!/^[a-zA-Z][a-zA-Z0-9_]*$/.test(f.name)) out.push(`${at}: bad name`);
    if (!FIELD_TYPES.includes(f.type)) out.push(`${at}: unknown type ${f.type}`);
    if (!f.label.trim()) out.push(`${at}: no label`);
    if ((f.type === 'select' || f.type === 'radio') && !f.options?.length) out.push(`${at}: a ${f.type} without options`);
    if (f.options && f.default !== undefined && !f.options.some((o) => o.value === f.default)) out.push(`${at}: default is not an option`);
    if ((f.type === 'text' || f.type === 'textarea') && !(f.max && f.max > 0)) out.push(`${at}: text without max`);
    if ((f.type === 'file' || f.type === 'image') && !f.accept?.length) out.push(`${at}: file without accept`);
    if (f.type === 'number' && f.min !== undefined && f.max !== undefined && f.min > f.max) out.push(`${at}: min > max`);
  }
  return out;
}

describe('registry entries are well formed', () => {
  it('gives every prompt tool a main field named text', () => {
    const missing = TOOLS.filter((t) => t.kind === 'prompt' && !t.fields.some((f) => f.name === 'text' && (f.type === 'text' || f.type === 'textarea')));
    expect(missing.map((t) => t.id)).toEqual([]);
  });

  it('has well-formed fields', () => {
    expect(TOOLS.flatMap(fieldProblems)).toEqual([]);
  });

  it('meters prompt and task tools and leaves pages formless', () => {
    expect(TOOLS.filter((t) => t.kind !== 'page' && !t.quotaKey.trim()).map((t) => t.id), 'tools without a quota key').toEqual([]);
    const oddPages = TOOLS.filter((t) => t.kind === 'page' && (t.fields.length > 0 || t.output !== 'page' || t.points !== 0));
    expect(oddPages.map((t) => t.id)).toEqual([]);
  });

  it('gives every entry a title, a description, an icon and in-app paths', () => {
    const bad = TOOLS.filter((t) => !t.title.trim() || !t.description.trim() || !t.icon || t.paths.length === 0 || t.paths.some((p) => !p.startsWith('/')));
    expect(bad.map((t) => t.id)).toEqual([]);
  });
});

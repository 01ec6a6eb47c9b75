// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMcpContent, mcpValuesOf, withMcpServer } from './mcp-form';
import { groupValuesOf, isSidebarContent, withGroup } from './sidebar-form';
import { isWebdiskContent, webdiskValuesOf, withChannel } from './webdisk-form';

/**
 * The shipped documents through the forms unchanged: every entry opened in its drawer and confirmed as it was saves
 * exactly as the file has it, down to the order of its keys (no field dropped, no default written, nothing moved), so
 * a form save only changes what was edited and the rows compare unchanged.
 */
const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));
const shipped = (name: string): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../../server/catalog', name), 'utf8'));

describe('the sidebar, MCP and web-disk forms on the shipped documents', () => {
  it('sidebar.json: each menu confirmed as it was', () => {
    const doc = shipped('sidebar.json');
    expect(isSidebarContent(doc)).toBe(true);
    if (!isSidebarContent(doc)) return;
    doc.groups.forEach((g, i) => same(withGroup(doc, i, groupValuesOf(g)), doc));
  });

  it('mcp.json: each server confirmed as it was', () => {
    const doc = shipped('mcp.json');
    expect(isMcpContent(doc)).toBe(true);
    if (!isMcpContent(doc)) return;
    doc.forEach((s, i) => same(withMcpServer(doc, i, mcpValuesOf(s)), doc));
  });

  it('webdisk.json: each channel confirmed as it was', () => {
    const doc = shipped('webdisk.json');
    expect(isWebdiskContent(doc)).toBe(true);
    if (!isWebdiskContent(doc)) return;
    doc.channels.forEach((c, i) => same(withChannel(doc, i, webdiskValuesOf(c)), doc));
  });
});

import { z } from 'zod';
import { TOOLS_MSG } from '../msg/tools';
import { TRANSLATE_MSG } from '../msg/translate';
import { pageField, rowsField } from '../schemas/common';
import type { ToolInputs } from './inputs';
import { TOOL_GROUPS } from './spec';

/**
 * The prompt tools' run, history and export calls (docs/api.md "Tools"). POST
 * /api/v1/tools/{id}/run takes ToolRunSchema (spec.ts); these are the rest.
 */

/** Runs per history page (GET /api/v1/tools/{id}/history?page=). */
export const TOOL_HISTORY_PAGE_SIZE = 20;

export const ToolIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const ToolRunIdParamsSchema = z.object({ runId: z.string().min(1).max(64) });

export const ToolHistoryQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export type ToolHistoryQuery = z.infer<typeof ToolHistoryQuerySchema>;

/** ?group= of the listing calls: only the tools of one registry group (翻译记录 lists group translate). */
export const toolGroupField = z.enum(TOOL_GROUPS, { error: TRANSLATE_MSG.toolGroupUnknown }).optional();

/**
 * GET /api/v1/tools/runs?page=&rows=&group=: the caller's own runs of every tool (or of one
 * group's tools), newest first (the data board's 最近使用的工具, 翻译记录). Paged with the shared
 * page/rows fields, 20 a page by default.
 */
export const ToolRunsQuerySchema = z.object({ page: pageField, rows: rowsField, group: toolGroupField });
export type ToolRunsQuery = z.infer<typeof ToolRunsQuerySchema>;

export const TOOL_EXPORT_FORMATS = ['md', 'docx'] as const;
export type ToolExportFormat = (typeof TOOL_EXPORT_FORMATS)[number];
export const ToolExportQuerySchema = z.object({ format: z.enum(TOOL_EXPORT_FORMATS, { error: TOOLS_MSG.toolExportFormat }).default('md') });

/** One saved run of the user's own (the run id is the stream's meta.messageId). */
export interface ToolRunItem {
  id: string;
  toolId: string;
  inputs: ToolInputs;
  model: string;
  content: string;
  /** ISO 8601. */
  createdAt: string;
}

export interface ToolHistoryRes {
  list: ToolRunItem[];
  total: number;
}

/** GET /api/v1/tools/runs: one page of the caller's runs across all tools, the same rows as a tool's history. */
export interface ToolRunsRes {
  list: ToolRunItem[];
  total: number;
  page: number;
  rows: number;
}

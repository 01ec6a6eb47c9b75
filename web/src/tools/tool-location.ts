import { toolByPath, type ToolKind, type ToolSpec } from '@wanxiang/contract';

/** The registry entry of a route path of the given kind ('/aiGenerate/aiNaming/' and '/aiGenerate/aiNaming' alike). */
export function toolOfPath(pathname: string, kind: ToolKind): ToolSpec | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const tool = toolByPath(path);
  return tool?.kind === kind ? tool : undefined;
}

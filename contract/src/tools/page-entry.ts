import type { ToolGroup, ToolScenario, ToolSpec } from './spec';

/** What a bespoke page's registry entry states; the rest of a page's ToolSpec is always the same. */
export interface PageFacts {
  id: string;
  paths: readonly string[];
  title: string;
  description: string;
  group: ToolGroup;
  icon: string;
  loginRequired?: boolean;
  /** Where the page shows in /stage and /function (pages without scenarios are not listed there). */
  scenarios?: readonly ToolScenario[];
  keywords?: readonly string[];
}

/** A kind 'page' entry: no form, not metered by the registry (the page meters its own calls). */
export function page(facts: PageFacts): ToolSpec {
  return { ...facts, kind: 'page', output: 'page', fields: [], quotaKey: '', points: 0, loginRequired: facts.loginRequired ?? false };
}

import { MSG } from '@wanxiang/contract';

/** What each agent tool does, in words for the create-agent form (GET /api/v2/config/model/tools). */
export const AGENT_TOOL_DESCRIPTIONS: Record<string, string> = {
  web_browser: MSG.agentsToolWebBrowser,
};

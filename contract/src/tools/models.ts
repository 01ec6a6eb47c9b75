/**
 * Chat models a prompt tool with `modelSwitch` may be answered by (catalog keys of
 * server/catalog/models.json). The tool pages offer these; the server refuses any other, and
 * checks at boot that each is in the catalog. A model's tier rule (blockedVips) still applies.
 */
export const PROMPT_TOOL_MODELS: readonly string[] = [
  'deepseek-v3',
  'deepseek-r1',
  'glm_4_flash',
  'glm_4_air',
  'qwen_plus',
  'moonshot_v1_32k',
  'doubao_pro_32k',
  'chat_4o_mini',
  'v40',
];

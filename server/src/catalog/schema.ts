import { z } from 'zod';

/**
 * Shapes of the operator-editable files in server/catalog/. Objects are strict so a misspelt
 * field fails the boot instead of silently falling back to a default.
 */
const checkKeys = ['chat', 'chat_v40', 'chat_image', 'chat_doc', 'chat_media', 'chat_table', 'chat_networking', 'hat_official', 'resource_file'] as const;
const resloveTypes = ['deepSeek', 'common', 'agent', 'zhipu', 'image', 'file', 'customer'] as const;

const text = z.string().trim().min(1);
const iconPath = z.string().regex(/^\/model-icons\/[a-z0-9-]+\.svg$/, 'icon must be a path under /model-icons/');

export const ModelFileEntrySchema = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'key: letters, digits, . _ - (at most 64)'),
  label: text,
  /** Label shown instead to visitors who arrive with an invite code (docs/product/invite.md §6). */
  inviteLabel: text.optional(),
  sort_label: text,
  shortName: text,
  icon: iconPath,
  icon_link: z.string(),
  desc: text,
  description: text,
  checkKey: z.enum(checkKeys),
  isFree: z.boolean(),
  free: z.boolean(),
  tags: z.array(text),
  vipTag: z.union([z.literal(''), z.literal('高阶模型')]),
  internetModelType: z.string(),
  modelType: z.enum(['hot', 'common']),
  resloveType: z.enum(resloveTypes),
  uploadLimit: z.number().int().min(0).max(20),
  request: z.string(),
  high: z.boolean(),
  only_points: z.boolean(),
  allow_points: z.boolean(),
  consume_points: z.number().int().min(0),
  isAttack: z.boolean(),
  isChecked: z.boolean(),
  reasoning: z.boolean(),
  online: z.boolean(),
  keepHistory: z.boolean(),
  /** The model may call the connected MCP servers' tools (OpenAI function tools). */
  tools: z.boolean().optional(),
  vendor: z.string().regex(/^[a-z][a-z0-9_-]*$/),
  /** false: the entry routes to other models (the hub, the battle), so no agent may be built on it. */
  agents: z.literal(false).optional(),
  /** Keys of the models listed under this one (sidebar sub-items). */
  children: z.array(z.string()).optional(),
  upstreamModel: text,
  /** Extra fields merged into the upstream request body (e.g. enable_search for DashScope). */
  upstreamExtra: z.record(z.string(), z.unknown()).optional(),
  /** System prompt put before the conversation (chart and analysis models). */
  systemPrompt: text.optional(),
  quotaKey: z.string(),
  blockedVips: z.array(z.number().int().min(0)),
});
export type ModelFileEntry = z.infer<typeof ModelFileEntrySchema>;

export const ModelsFileSchema = z.strictObject({ models: z.array(z.unknown()).min(1) });

export const GroupsFileSchema = z.strictObject({
  groups: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[a-z][a-z0-9_-]*$/),
        label: text,
        icon: iconPath,
        models: z.array(z.string()).min(1),
      }),
    )
    .min(1),
});

const dailyCount = z.number().int().min(-1);

export const TiersFileSchema = z.strictObject({
  _comment: z.string().optional(),
  /** Level used for a member vip value that has no row of its own. */
  fallbackMemberVip: z.number().int().min(1),
  /** Every quota key with its Chinese name. */
  quotaKeys: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), text),
  levels: z
    .array(
      z.strictObject({
        vip: z.number().int().min(0),
        name: text,
        daily: z.record(z.string(), dailyCount),
      }),
    )
    .min(1),
});
export type TiersFile = z.infer<typeof TiersFileSchema>;

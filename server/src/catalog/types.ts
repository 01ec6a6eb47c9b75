import type { ModelEntry, ModelGroup } from '@wanxiang/contract';

/** A catalog model: the web-facing entry plus what the server needs to route and meter it. */
export interface CatalogModel extends ModelEntry {
  /** Upstream model id at the vendor. */
  upstreamModel: string;
  /** Extra fields merged into the upstream request body (vendor features such as built-in search). */
  upstreamExtra?: Record<string, unknown>;
  /** System prompt put before the conversation, if the operator gave one. */
  systemPrompt?: string;
  /** The model may call the connected MCP servers' tools (catalog `tools: true`). */
  tools?: boolean;
  /** Quota key charged per reply ('' = unmetered, e.g. v35). */
  quotaKey: string;
  /** vip values that may not use this model. */
  blockedVips: number[];
  /** Label shown to visitors who arrive with an invite code. */
  inviteLabel?: string;
  /** Sub-items (sidebar children), resolved to their catalog entries. */
  children?: CatalogModel[];
}

export interface QuotaKeyInfo {
  key: string;
  label: string;
}

export interface Catalog {
  get(key: string): CatalogModel | undefined;
  models(): CatalogModel[];
  groups(): ModelGroup[];
  /** Daily count for a quota key at a vip level (-1 unlimited, 0 none). */
  dailyLimit(quotaKey: string, vip: number): number;
  /** Every metered quota key with its Chinese name, in file order. */
  quotaKeys(): QuotaKeyInfo[];
}

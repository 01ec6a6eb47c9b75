import type { LlmMessage } from '../../llm/gateway';
import { usablePersonaContext, type PersonasContext } from '../personas/service';

/**
 * A persona's dialogue lines go before the conversation (docs/product/prompts-and-personas.md §3 persona_id): after the
 * model's own system prompt, before the history and the new question. Only an approved persona
 * or the caller's own may be used; anything else refuses the turn with 角色不存在或尚未通过审核.
 */
export async function personaLinesFor(ctx: PersonasContext, userId: number, personaId: number | undefined): Promise<LlmMessage[]> {
  if (personaId === undefined) return [];
  const lines = await usablePersonaContext(ctx, userId, personaId);
  return lines.map((l) => ({ role: l.role, content: l.content }));
}

/** Insert persona lines after the leading system messages of an upstream request. */
export function withPersonaLines(messages: LlmMessage[], lines: LlmMessage[]): LlmMessage[] {
  if (lines.length === 0) return messages;
  let head = 0;
  while (head < messages.length && messages[head]?.role === 'system') head++;
  return [...messages.slice(0, head), ...lines, ...messages.slice(head)];
}

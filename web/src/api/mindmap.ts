import type { MindMapGenerateRequest } from '@wanxiang/contract';
import type { ChatStreamBody, ChatStreamOptions } from './chat-stream';

/**
 * POST /api/v1/mindmap/generate (7.5): the outline streams as chat events (meta, text, error,
 * done); a refusal before the stream (login, 次数已用尽) comes out as one `refusal` item.
 */
export function mindMapStreamRequest(req: MindMapGenerateRequest): Omit<ChatStreamOptions, 'signal'> {
  // The stream client is typed for chat bodies; this route reads {content, title} with the same protocol.
  return { model: 'glm_4_flash', path: '/v1/mindmap/generate', body: req as unknown as ChatStreamBody };
}

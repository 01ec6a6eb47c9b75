import type { PersonaItem } from '@wanxiang/contract';
import { useChatStore } from '../../stores/chat';
import { usePersonaCache } from './persona-cache';

/**
 * A new session led by a persona: chat-runner sends its personaId with every question and the
 * server puts the persona's lines before the conversation.
 */
export function startPersonaChat(persona: PersonaItem, modelKey: string): void {
  usePersonaCache.getState().put(persona);
  const chat = useChatStore.getState();
  chat.newChat(modelKey);
  useChatStore.setState((st) => ({
    sessions: st.sessions.map((s) => (s.id === st.currentId ? { ...s, personaId: persona.id, name: persona.title } : s)),
  }));
}

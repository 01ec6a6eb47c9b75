import type { ChatStore } from './chat';
import type { ChatMessage, ChatSession } from './chat-state';
import { childrenByParent, visiblePath } from './chat-branches';

const EMPTY: ChatMessage[] = [];

export const selectCurrentSession = (s: ChatStore): ChatSession | undefined => s.sessions.find((x) => x.id === s.currentId);
/** Every message of the current session, all branches (the tree). */
export const selectCurrentTree = (s: ChatStore): ChatMessage[] => selectCurrentSession(s)?.data ?? EMPTY;

// One cached path: a selector must answer the same array while the session is unchanged.
let pathCache: { data: ChatMessage[]; picks: ChatSession['branchPicks']; path: ChatMessage[] } | null = null;

/** The shown conversation of the current session: its visible branch (stores/chat-branches.ts). */
export const selectCurrentMessages = (s: ChatStore): ChatMessage[] => {
  const cur = selectCurrentSession(s);
  if (!cur) return EMPTY;
  if (pathCache?.data !== cur.data || pathCache.picks !== cur.branchPicks) {
    pathCache = { data: cur.data, picks: cur.branchPicks, path: visiblePath(cur.data, cur.branchPicks) };
  }
  return pathCache.path;
};
export const selectSending = (s: ChatStore): boolean => s.sending;
export const selectCurrentId = (s: ChatStore): string => s.currentId;
export const selectIsEmpty = (s: ChatStore): boolean => selectCurrentMessages(s).length === 0;
/** The id the server history knows the current session by. */
export const selectActiveConversationId = (s: ChatStore): string | undefined => {
  const cur = selectCurrentSession(s);
  return cur?.conversationId ?? cur?.id;
};

// Sibling counts of the current tree, computed once per change of its messages (the switchers read it).
let placesCache: { data: ChatMessage[]; places: Map<string, string> } | null = null;

/** The `2/3` of message `id` among its siblings; '' when it has none (no switcher). */
export const selectSiblingLabel =
  (id: string) =>
  (s: ChatStore): string => {
    const data = selectCurrentTree(s);
    if (placesCache?.data !== data) {
      const places = new Map<string, string>();
      for (const kids of childrenByParent(data).values()) {
        if (kids.length > 1) kids.forEach((k, i) => places.set(k.id, `${i + 1}/${kids.length}`));
      }
      placesCache = { data, places };
    }
    return placesCache.places.get(id) ?? '';
  };

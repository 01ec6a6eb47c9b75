/**
 * Opening a chat tool from elsewhere: `/chat?bottomType=voice` on load, the mobile plus panel,
 * the empty-chat shortcuts. Each tool component listens for its own name.
 */
export type ChatToolName = 'voice' | 'web' | 'video' | 'image' | 'doc' | 'prompts' | 'persona' | 'examples' | 'angle' | 'clear' | 'search';

type Listener = () => void;
const listeners = new Map<ChatToolName, Set<Listener>>();
/** A request made before the tool mounted (bottomType on first load) waits here. */
const pending = new Set<ChatToolName>();

export function openChatTool(name: ChatToolName): void {
  const set = listeners.get(name);
  if (set && set.size > 0) {
    for (const cb of set) cb();
    return;
  }
  pending.add(name);
}

/** Subscribe a tool; a request that came before the tool mounted is delivered at once. */
export function onChatTool(name: ChatToolName, cb: Listener): () => void {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(cb);
  if (pending.delete(name)) queueMicrotask(cb);
  return () => {
    set.delete(cb);
  };
}

export const BOTTOM_TYPES: readonly ChatToolName[] = ['voice', 'web', 'doc', 'video', 'image'];

export function isBottomType(v: string | null): v is ChatToolName {
  return v !== null && (BOTTOM_TYPES as readonly string[]).includes(v);
}

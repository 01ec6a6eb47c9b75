import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, type PromptTemplate } from '@wanxiang/contract';
import { uuid } from './chat-state';

/**
 * The user's own prompt templates (docs/product/prompts-and-personas.md §3, local prompt library), kept in
 * the browser under prompt_storage. Built-in role-play prompts are not stored here: they are
 * loaded on demand and copied in when the user wants to change one.
 */
export interface MyPrompt extends PromptTemplate {
  id: string;
}

export interface PromptsState {
  /** Newest first. */
  items: MyPrompt[];
  add(t: PromptTemplate): void;
  update(id: string, t: PromptTemplate): void;
  remove(id: string): void;
  clear(): void;
  /** Adds templates not already present (same title and content); answers how many were added. */
  importMany(list: PromptTemplate[]): number;
}

const sameAs = (a: PromptTemplate) => (b: PromptTemplate) => a.key === b.key && a.value === b.value;

export const usePromptStore = create<PromptsState>()(
  persist(
    (set, get) => ({
      items: [],
      add: (t) => set((s) => ({ items: [{ id: uuid(), key: t.key, value: t.value }, ...s.items] })),
      update: (id, t) => set((s) => ({ items: s.items.map((p) => (p.id === id ? { ...p, key: t.key, value: t.value } : p)) })),
      remove: (id) => set((s) => ({ items: s.items.filter((p) => p.id !== id) })),
      clear: () => set({ items: [] }),
      importMany(list) {
        const fresh: MyPrompt[] = [];
        const existing = get().items;
        for (const t of list) {
          if (existing.some(sameAs(t)) || fresh.some(sameAs(t))) continue;
          fresh.push({ id: uuid(), key: t.key, value: t.value });
        }
        if (fresh.length) set((s) => ({ items: [...fresh, ...s.items] }));
        return fresh.length;
      },
    }),
    {
      name: STORAGE_KEYS.prompt,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ items: s.items }),
    },
  ),
);

/** Templates whose title or content contains the keyword (case-insensitive). */
export function filterPrompts<T extends PromptTemplate>(list: T[], keyword: string): T[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return list;
  return list.filter((p) => p.key.toLowerCase().includes(k) || p.value.toLowerCase().includes(k));
}

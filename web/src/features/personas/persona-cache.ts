import { create } from 'zustand';
import type { PersonaItem } from '@wanxiang/contract';
import { getPersona } from '../../api/personas';

/**
 * Personas seen in this tab, by id: the chat header shows the persona of the current session
 * without asking the server again. Not persisted; a reload asks once per persona.
 */
interface PersonaCache {
  byId: Record<number, PersonaItem | null>;
  put(p: PersonaItem): void;
  /** Fetch once; a persona that cannot be read (deleted, refused) is remembered as null. */
  ensure(id: number): Promise<void>;
}

const inflight = new Map<number, Promise<void>>();

export const usePersonaCache = create<PersonaCache>()((set, get) => ({
  byId: {},
  put: (p) => set((s) => ({ byId: { ...s.byId, [p.id]: p } })),
  ensure(id) {
    if (id in get().byId) return Promise.resolve();
    let p = inflight.get(id);
    if (!p) {
      p = getPersona(id)
        .then((item) => get().put(item))
        .catch(() => set((s) => ({ byId: { ...s.byId, [id]: null } })))
        .finally(() => inflight.delete(id));
      inflight.set(id, p);
    }
    return p;
  },
}));

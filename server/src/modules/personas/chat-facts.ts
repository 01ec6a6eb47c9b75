import { PERSONA_STATUS, type PersonaLine } from '@wanxiang/contract';
import type { ModuleStates } from '../../context';
import type { PersonaRow } from './store';

/**
 * What the chat path needs of a persona (who owns it, whether everyone may use it, its dialogue
 * lines), kept in memory so a chat turn with a persona makes no database read before the upstream
 * (QUALITY G1: the quota hold is the only round trip). A persona's lines never change after it is
 * made; only its status does (the operator's review), and this process forgets the entry when it
 * changes it. Another process sees a status change within FACTS_TTL_MS.
 */
export interface PersonaChatFacts {
  ownerId: number | null;
  public: boolean;
  approved: boolean;
  context: PersonaLine[];
}

interface Entry {
  facts: PersonaChatFacts;
  until: number;
}

export const FACTS_TTL_MS = 60_000;
/** Enough for every persona in use at once; the oldest entry goes first past it. */
const MAX_ENTRIES = 5_000;
const STATE = 'personas:chat-facts';

export function factsOf(row: Pick<PersonaRow, 'userId' | 'isPublic' | 'status' | 'context'>): PersonaChatFacts {
  return { ownerId: row.userId, public: row.isPublic, approved: row.status === PERSONA_STATUS.approved, context: row.context };
}

/** The caller may chat with it: an approved public persona, or one of their own whatever its status. */
export function usableBy(facts: PersonaChatFacts, userId: number): boolean {
  return (facts.approved && facts.public) || facts.ownerId === userId;
}

export class PersonaFactsCache {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(id: number): PersonaChatFacts | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return e.facts;
  }

  put(id: number, facts: PersonaChatFacts): void {
    this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, { facts, until: this.now() + FACTS_TTL_MS });
  }

  forget(id: number): void {
    this.entries.delete(id);
  }
}

export function personaFactsCache(states: ModuleStates): PersonaFactsCache {
  return states.get(STATE, () => new PersonaFactsCache());
}

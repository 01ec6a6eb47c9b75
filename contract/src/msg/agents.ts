/** Messages of the agents (4.7, 4.8, 7.3): the spec's exact texts. Spread into MSG (messages.ts). */
export const AGENTS_MSG = {} as const;

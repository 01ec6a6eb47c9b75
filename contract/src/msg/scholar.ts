/** Messages of the scholar and arXiv (2.4, 2.7, 4.1, 5, 8): the spec's exact texts. Spread into MSG (messages.ts). */
export const SCHOLAR_MSG = {} as const;

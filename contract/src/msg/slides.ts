/** Messages of the presentations (2.8, 4.5, 5, 7.5): the spec's exact texts. Spread into MSG (messages.ts). */
export const SLIDES_MSG = {} as const;

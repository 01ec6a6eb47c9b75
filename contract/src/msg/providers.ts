/** Messages of the custom providers and models (2.11, 4.6, 5, 7.4, 8): the spec's exact texts. Spread into MSG (messages.ts). */
export const PROVIDERS_MSG = {} as const;

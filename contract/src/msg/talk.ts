/** Messages of the media family's talk part (issue 15). Spread into MSG (messages.ts). */
export const TALK_MSG = {} as const;

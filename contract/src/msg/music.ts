/** Messages of the media family's music part (issue 15). Spread into MSG (messages.ts). */
export const MUSIC_MSG = {} as const;

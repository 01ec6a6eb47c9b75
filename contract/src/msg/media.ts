/** Messages of the media family's media part (issue 15). Spread into MSG (messages.ts). */
export const MEDIA_MSG = {} as const;

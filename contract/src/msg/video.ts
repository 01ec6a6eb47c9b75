/** Messages of the media family's video part (issue 15). Spread into MSG (messages.ts). */
export const VIDEO_MSG = {} as const;

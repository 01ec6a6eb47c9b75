/** Messages of the media family's video-edit part (issue 15). Spread into MSG (messages.ts). */
export const VIDEO_EDIT_MSG = {} as const;

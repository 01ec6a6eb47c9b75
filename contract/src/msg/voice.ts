/** Messages of the media family's voice part (issue 15). Spread into MSG (messages.ts). */
export const VOICE_MSG = {} as const;

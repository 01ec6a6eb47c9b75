/** Messages of the cloud-disk, find files, find websites, result filter (2.5, 2.6, 4.3, 4.4, 5, 8): the spec's exact texts. Spread into MSG (messages.ts). */
export const WEBDISK_MSG = {} as const;

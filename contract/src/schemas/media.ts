import { z } from 'zod';
import { MSG } from '../messages';

export const PageUrlSchema = z.object({
  url: z.string({ error: MSG.linkEmpty }).trim().min(1, { error: MSG.linkEmpty }).max(2048, { error: MSG.linkInvalid }),
});
export type PageUrlReq = z.infer<typeof PageUrlSchema>;

export interface PageTextRes {
  url: string;
  title: string;
  text: string;
  length: number;
}

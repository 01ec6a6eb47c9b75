import { z } from 'zod';
import { IMG_MSG } from '../msg/img';
import type { TaskState } from '../tools/task';

/**
 * The spec's image calls (search-agents-tools 7.6, docs/api.md "Image") and the drawing square:
 * every generating call is a task tool of the registry run through the task engine, so these
 * shapes only add the spec's names and the gallery (creations, publish, likes, reports).
 */

/**
 * Spec call -> task tool id. The call's body (or, for the GET calls, its query) holds the tool's
 * form values by field name (as GET /api/v1/tools lists them); the task engine checks them.
 */
export const IMG_CALL_TOOLS = {
  txt2img: 'text2image',
  img2img: 'image2image',
  lines2img: 'draftsCreateImage',
  extendbytxt: 'AiExpandedImage',
  colorize: 'coloringoldPhotos',
  auto_matting: 'autoMatting',
  enhance_image: 'aiImageIntensifier',
  txt2qrcode: 'qrcode',
  qrcodes_add: 'hiddenQrcode',
} as const;
export type ImgCall = keyof typeof IMG_CALL_TOOLS;

/** The tools whose results `qrcodes` lists, and the one `matting` lists. */
export const IMG_QR_TOOLS: readonly string[] = [IMG_CALL_TOOLS.txt2qrcode, IMG_CALL_TOOLS.qrcodes_add];
export const IMG_MATTING_TOOL = IMG_CALL_TOOLS.auto_matting;

/** Lists of the image calls and the square: rows per page. */
export const IMG_PAGE_SIZE = 20;
/** The prompt helper's idea and its answer, in characters. */
export const IMG_PROMPT_IDEA_MAX = 500;
export const IMG_PROMPT_ANSWER_MAX = 800;
export const IMG_PUBLISH_TITLE_MAX = 30;
export const IMG_REPORT_DETAIL_MAX = 200;
/** Largest image `getbase64` answers as a data URL, and `ocr/descriptionImage` accepts. */
export const IMG_BASE64_MAX_BYTES = 10 * 1024 * 1024;
export const IMG_DESCRIBE_MAX_BYTES = 5 * 1024 * 1024;
/** Image types a data URL of `ocr/descriptionImage` may carry. */
export const IMG_DATA_URL_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Why a published image is reported (value -> label shown in the dialog). */
export const IMG_REPORT_REASONS = [
  { value: 'porn', label: '色情低俗' },
  { value: 'violence', label: '暴力血腥' },
  { value: 'politics', label: '政治敏感' },
  { value: 'infringe', label: '侵犯权益' },
  { value: 'ad', label: '广告引流' },
  { value: 'other', label: '其他' },
] as const;
export type ImgReportReason = (typeof IMG_REPORT_REASONS)[number]['value'];

// ---- Requests

const taskId = z
  .string({ error: IMG_MSG.imgTaskIdInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: IMG_MSG.imgTaskIdInvalid });
const page = z.coerce
  .number({ error: IMG_MSG.imgPageInvalid })
  .int({ error: IMG_MSG.imgPageInvalid })
  .min(1, { error: IMG_MSG.imgPageInvalid })
  .max(10_000, { error: IMG_MSG.imgPageInvalid })
  .default(1);
const publishId = z.coerce
  .number({ error: IMG_MSG.imgPublishIdInvalid })
  .int({ error: IMG_MSG.imgPublishIdInvalid })
  .min(1, { error: IMG_MSG.imgPublishIdInvalid })
  .max(Number.MAX_SAFE_INTEGER, { error: IMG_MSG.imgPublishIdInvalid });

/** GET /api/v1/img/query?task_id= */
export const ImgTaskQuerySchema = z.object({ task_id: taskId });

/** GET /api/v1/img/matting: one task (?task_id=) or the caller's matting results (?page=). */
export const ImgMattingQuerySchema = z.object({ task_id: taskId.optional(), page });

/** GET /api/v1/img/qrcodes?page= and /qrcode_info?id= (the task id of a QR result). */
export const ImgPageQuerySchema = z.object({ page });
export const ImgQrInfoQuerySchema = z.object({ id: taskId });

/** POST /api/v1/img/prompt: a short idea -> a drawing prompt. */
export const ImgPromptSchema = z.object({
  prompt: z
    .string({ error: IMG_MSG.imgPromptRequired })
    .trim()
    .min(1, { error: IMG_MSG.imgPromptRequired })
    .refine((s) => [...s].length <= IMG_PROMPT_IDEA_MAX, { error: IMG_MSG.imgPromptTooLong(IMG_PROMPT_IDEA_MAX) }),
});
export type ImgPromptReq = z.infer<typeof ImgPromptSchema>;

/** GET /api/v1/img/getbase64?id= (a file id of the caller's). */
export const ImgBase64QuerySchema = z.object({
  id: z
    .string({ error: IMG_MSG.imgImageRequired })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: IMG_MSG.imgImageRequired }),
});

/** POST /api/v1/ocr/descriptionImage {image}: a file id of the caller's, or a data URL. */
export const ImgDescribeSchema = z.object({
  image: z
    .string({ error: IMG_MSG.imgImageRequired })
    .trim()
    .min(1, { error: IMG_MSG.imgImageRequired }),
});

/** GET /api/v1/img/creations?tool=&date=&page= (date: a business day, YYYY-MM-DD). */
export const ImgCreationsQuerySchema = z.object({
  tool: z.string().trim().max(64).optional(),
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: IMG_MSG.imgDateInvalid })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: IMG_MSG.imgDateInvalid })
    .optional(),
  page,
});
export type ImgCreationsQuery = z.infer<typeof ImgCreationsQuerySchema>;

/** POST /api/v1/img/creations_delete {task_id} */
export const ImgTaskBodySchema = z.object({ task_id: taskId });

/** POST /api/v1/img/publish {title, task_id} */
export const ImgPublishSchema = z.object({
  title: z
    .string({ error: IMG_MSG.imgPublishTitleRequired })
    .trim()
    .min(1, { error: IMG_MSG.imgPublishTitleRequired })
    .refine((s) => [...s].length <= IMG_PUBLISH_TITLE_MAX, { error: IMG_MSG.imgPublishTitleTooLong(IMG_PUBLISH_TITLE_MAX) }),
  task_id: taskId,
});
export type ImgPublishReq = z.infer<typeof ImgPublishSchema>;

/** GET /api/v1/img/publishs?page= */
export const ImgPublishListQuerySchema = z.object({ page });
/** GET /api/v1/img/publishInfo?id=, POST publish_like / publish_delete {id}, the public image routes' {id}. */
export const ImgPublishIdSchema = z.object({ id: publishId });

/** POST /api/v1/img/publish_report {id, reason, detail?} */
export const ImgReportSchema = z.object({
  id: publishId,
  reason: z.enum(
    IMG_REPORT_REASONS.map((r) => r.value),
    { error: IMG_MSG.imgReportReasonInvalid },
  ),
  detail: z
    .string()
    .trim()
    .default('')
    .refine((s) => [...s].length <= IMG_REPORT_DETAIL_MAX, { error: IMG_MSG.imgReportDetailTooLong(IMG_REPORT_DETAIL_MAX) }),
});
export type ImgReportReq = z.infer<typeof ImgReportSchema>;

// ---- Answers

/** One result image: `url` is our own route (GET /api/v1/files/{id}, its owner only). */
export interface ImgImage {
  url: string;
  width: number;
  height: number;
  thumbUrl?: string;
}

/** What `query` answers: the task's state and, once it succeeded, its images. */
export interface ImgTaskStatus {
  task_id: string;
  tool: string;
  status: TaskState;
  progress: number;
  stage: string;
  error?: string;
  images?: ImgImage[];
}

/** A task in the lists of `matting` and `qrcodes` (with what it was asked). */
export interface ImgTaskItem extends ImgTaskStatus {
  inputs: Record<string, string | number | boolean>;
  createdAt: string;
}

export interface ImgTaskPage {
  list: ImgTaskItem[];
  total: number;
  page: number;
  size: number;
}

/** One of the caller's creations (a succeeded image task). */
export interface ImgCreation {
  task_id: string;
  tool: string;
  toolTitle: string;
  /** The prompt it was drawn from ('' for tools without one). */
  prompt: string;
  inputs: Record<string, string | number | boolean>;
  images: ImgImage[];
  createdAt: string;
  /** The square's id when published, else null. */
  publishedId: number | null;
  /** Why an operator took the published picture off the square; null while it is not taken down. */
  takedownReason: string | null;
  /** The tool's page with the form's text and option values in the link (画同款: the form opens prefilled). */
  reusePath: string;
}

export interface ImgCreationPage {
  list: ImgCreation[];
  total: number;
  page: number;
  size: number;
}

/** A published image as the square shows it; `url` and `thumbUrl` are the square's public routes. */
export interface ImgPublished {
  id: number;
  title: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  tool: string;
  toolTitle: string;
  author: string;
  likes: number;
  liked: boolean;
  mine: boolean;
  created_at: string;
}

/**
 * What `publishInfo` answers: the card plus what 做同款 needs, the prompt the picture was drawn from
 * and the tool's page with the run's text and option values in the link (never a file).
 */
export interface ImgPublishedInfo extends ImgPublished {
  prompt: string;
  reusePath: string;
}

export interface ImgPublishPage {
  list: ImgPublished[];
  total: number;
  page: number;
  size: number;
}

export interface ImgLikeResult {
  liked: boolean;
  likes: number;
}

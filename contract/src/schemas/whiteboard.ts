import { z } from 'zod';

/**
 * The AI whiteboard (/whiteboard, server/src/modules/whiteboard): boards saved per user and the
 * text -> Mermaid call that draws a diagram or a mind map on the board. The messages live here,
 * with the shapes they belong to, so the area's wording stays in one file.
 */

export const WHITEBOARD_MSG = {
  idInvalid: '白板编号无效',
  notFound: '白板不存在或已被删除',
  titleTooLong: '白板名称不能超过 40 个字',
  tooMany: (max: number) => `最多保存 ${max} 块白板，请先删除不用的白板`,
  sceneRequired: '请提供白板内容',
  sceneInvalid: '白板内容格式不正确',
  sceneTooLarge: (kb: number) => `白板内容过大（上限约 ${kb} KB），请删除部分内容或拆分到新白板`,
  textRequired: '请输入一句话描述要画的内容',
  textTooLong: (max: number) => `描述不能超过 ${max} 个字`,
  kindInvalid: '图表类型只能是 diagram 或 mindmap',
  generateFailed: '图表生成失败，请换个说法再试',
  created: '已新建白板',
  renamed: '已重命名',
  saved: '已保存',
  deleted: '已删除白板',
} as const;

/** A board's name (also the default for new ones). */
export const WHITEBOARD_TITLE_MAX = 40;
export const WHITEBOARD_DEFAULT_TITLE = '未命名白板';
/** Boards one user may keep. */
export const WHITEBOARD_MAX_PER_USER = 50;
/**
 * Largest saved scene, as UTF-8 JSON bytes. Kept under the app's default request body limit
 * (1 MiB) so one cap decides; a board of several hundred shapes is far below it. Pasted images
 * (Excalidraw's `files`) are not saved with the board.
 */
export const WHITEBOARD_SCENE_MAX_BYTES = 900_000;
/** The sentence a diagram is drawn from. */
export const WHITEBOARD_TEXT_MAX = 300;

export const WHITEBOARD_DIAGRAM_KINDS = ['diagram', 'mindmap'] as const;
export type WhiteboardDiagramKind = (typeof WHITEBOARD_DIAGRAM_KINDS)[number];

const titleField = z
  .string()
  .trim()
  .max(WHITEBOARD_TITLE_MAX, { error: WHITEBOARD_MSG.titleTooLong })
  .transform((t) => t || WHITEBOARD_DEFAULT_TITLE);

/** :id of the board routes (a positive integer). */
export const WhiteboardIdSchema = z.object({
  id: z.coerce
    .number({ error: WHITEBOARD_MSG.idInvalid })
    .int({ error: WHITEBOARD_MSG.idInvalid })
    .min(1, { error: WHITEBOARD_MSG.idInvalid })
    .max(Number.MAX_SAFE_INTEGER, { error: WHITEBOARD_MSG.idInvalid }),
});

/** POST /api/v1/whiteboards. */
export const WhiteboardCreateSchema = z.object({ title: titleField.optional().default(WHITEBOARD_DEFAULT_TITLE) });

/** PATCH /api/v1/whiteboards/:id. */
export const WhiteboardRenameSchema = z.object({ title: titleField });

/**
 * PUT /api/v1/whiteboards/:id/scene: Excalidraw's scene as the page keeps it: the elements and
 * the few appState fields worth restoring (background, grid). The size cap is checked by the
 * server on the serialized JSON.
 */
export const WhiteboardSceneSchema = z.object({
  scene: z.object(
    {
      elements: z.array(z.record(z.string(), z.unknown()), { error: WHITEBOARD_MSG.sceneInvalid }),
      appState: z.record(z.string(), z.unknown()).optional().default({}),
    },
    { error: WHITEBOARD_MSG.sceneRequired },
  ),
});
export type WhiteboardScene = z.infer<typeof WhiteboardSceneSchema>['scene'];

/** POST /api/v1/whiteboards/diagram: one sentence -> Mermaid source (flowchart or sequence; a mind map as a flowchart). */
export const WhiteboardDiagramSchema = z.object({
  text: z
    .string({ error: WHITEBOARD_MSG.textRequired })
    .trim()
    .min(1, { error: WHITEBOARD_MSG.textRequired })
    .max(WHITEBOARD_TEXT_MAX, { error: WHITEBOARD_MSG.textTooLong(WHITEBOARD_TEXT_MAX) }),
  kind: z.enum(WHITEBOARD_DIAGRAM_KINDS, { error: WHITEBOARD_MSG.kindInvalid }).optional().default('diagram'),
});
export type WhiteboardDiagramRequest = z.input<typeof WhiteboardDiagramSchema>;

/** A board in the list (no scene). */
export interface WhiteboardSummary {
  id: number;
  title: string;
  created_at: string;
  updated_at: string;
}

/** A board with its scene (null until first saved). */
export interface WhiteboardDetail extends WhiteboardSummary {
  scene: WhiteboardScene | null;
}

export interface WhiteboardDiagramAnswer {
  mermaid: string;
  kind: WhiteboardDiagramKind;
  /** Drawn by the demo upstream (no vendor key). */
  demo: boolean;
}

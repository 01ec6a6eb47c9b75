/**
 * Messages of document translation (docs/api.md "Document translation"): the 文档翻译 and PDF翻译
 * task tools and the spec's /api/v1/doc/translate* and /api/v1/pdf/* calls. Spread into MSG.
 */
export const DOC_TRANSLATE_MSG = {
  /** The spec's own failure text (search-agents-tools 7.6). */
  docTranslateFailed: '文档翻译失败',
  docTranslateFailedRefunded: '文档翻译失败，次数已退回，请稍后重试',
  docTranslateEmptyFile: '文件是空的，请换一个有内容的文件',
  docTranslateUnreadable: '文件已损坏或无法读取，请用 Office 另存后再上传',
  docTranslateZipBomb: '文件解压后过大，无法翻译（可能是压缩炸弹或内嵌了过多资源）',
  docTranslateWrongType: (accept: string) => `只支持 ${accept} 格式的文件`,
  docTranslateNoText: '文件里没有可翻译的文字',
  docTranslateTooLong: (max: number) => `文件文字太多，最多翻译 ${max.toLocaleString('en-US')} 个字，请拆分后再上传`,
  docTranslatePdfTooManyPages: (max: number) => `PDF 页数过多，最多翻译 ${max} 页，请拆分后再上传`,
  docTranslatePdfNoText: '该 PDF 没有可复制的文字（可能是扫描件），请先用「文字识别」提取文字',
  docTranslateSameLanguage: '源语言和目标语言不能相同',
  docTranslateNoModel: '翻译模型暂不可用，请稍后再试',
  docTranslateLayoutOff: '运营方尚未开启版式保留翻译引擎（BabelDOC / PDFMathTranslate），请使用普通 PDF 翻译',
  docTranslateLayoutFailed: '版式保留翻译服务出错，次数已退回，请稍后重试或使用普通 PDF 翻译',
  docTranslateNotTranslateTask: '该任务不是文档翻译任务',
  docTranslateNeedPdf: '请上传 PDF 文件',
  docTranslateGlossaryBad: (line: number) => `术语表第 ${line} 行格式不正确，请写成「原文=译文」`,
  docTranslateStageReading: '正在读取文档',
  docTranslateStageBatch: (done: number, total: number) => `正在翻译：第 ${done}/${total} 批段落`,
  docTranslateStagePage: (done: number, total: number) => `正在翻译：第 ${done}/${total} 页`,
  docTranslateStageWriting: '正在写回文档',
  docTranslateStagePdf: '正在生成 PDF',
  docTranslateStageLayout: (done: number, total: number) => `版式保留翻译中：${done}/${total}`,
  docTranslateDone: (units: number, demo: boolean) => `已翻译 ${units} 段文字，版式、图片和表格保持原样${demo ? '（演示译文）' : ''}`,
  docTranslatePdfDone: (pages: number, demo: boolean, pdf: boolean) =>
    `已逐页翻译 ${pages} 页，生成双语 Word${pdf ? '和 PDF' : '（本机未安装 LibreOffice，未生成 PDF）'}${demo ? '（演示译文）' : ''}`,
  docTranslateLayoutDone: '版式保留翻译完成：译文 PDF 与双语对照 PDF',
  docTranslateFileIdInvalid: '请先上传文档（file_id 不正确）',
  docTranslateTaskIdInvalid: '任务编号不正确',
  docTranslateTargetRequired: '请选择目标语言',
  docTranslateLanguageInvalid: '不支持该语言',
  docTranslateModeInvalid: 'mode 只能是 bilingual（双语对照）或 target（仅译文）',
  docTranslateGlossaryTooLong: (max: number) => `术语表不能超过 ${max} 个字`,
  /** The visible AI-content line each translated file carries. */
  docTranslateLabel: '本文件由万象 AI 翻译生成（AI生成内容）',
} as const;

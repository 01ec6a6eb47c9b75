import { family, route, type RouteConfig } from '../types';

/** Documents and files, translation, writing and slides routes (shell 2.1). */

export const docRoutes: RouteConfig[] = [
  ...family('/AiFile', {
    DocChatPage: '文档对话',
    translate: '文档翻译',
    PDFtranslate: 'PDF翻译',
    ppt: 'AI PPT',
    mapping: 'AI思维导图',
    'ppt/oldPptCreateNewPpt': '旧PPT翻新',
    'ppt/fileCreatePpt': '文档生成PPT',
    'mapping/audioCreateMarkmap': '音频生成导图',
    'mapping/docsCreateMarkmap': '文档生成导图',
  }),
  route('/AiVideo/ppt/plugin', '视频生成PPT'),
  route('/AiVideo/mapping/videoCreateMarkmap', '视频生成导图'),
  route('/AiVioce/ppt/auidePptCreate', '音频生成PPT'),
  route('/AiVioce/mapping/plugin', '音频生成导图'),
  ...family('/doc', {
    thesis: 'AI论文',
    AiLongThesis: '万字长文',
    AiWriting: 'AI写作',
    bigAiTranslate: '长文翻译',
    AiORCModel: '文字识别',
    articleCheck: '文章检测',
    articleCorrection: '文章纠错',
    dailyModel: '日报周报',
    chineseTranslate: '中文翻译',
  }),
];

export const translateRoutes: RouteConfig[] = family('/AITranslate', {
  index: 'AI翻译',
  translatePdf: 'PDF翻译',
  translateRecord: '翻译记录',
  TranslateDoc: '文档翻译',
  TranslateDoc2: '文档翻译',
  translateImage: '图片翻译',
  translateEnglish: '英语翻译',
  translateCommon: '通用翻译',
  translateClassical: '文言文翻译',
  translateChinese: '中文翻译',
  translateArticle: '文章翻译',
});

export const writingRoutes: RouteConfig[] = [
  ...family('/AiWriter', {
    AiWritingAssistant: '写作助手',
    AiKeywordImpove: '关键词优化',
    AiTitleCreate: '标题生成',
    AiSimilarityCheck: '相似度检测',
    AiInspirationWhrite: '灵感写作',
    AiWriterOffcial: '公文写作',
    AICustomerWrite: '自定义写作',
    AiWriterLntelligent: '智能写作',
  }),
  route('/aigc/drapAigc', '降AIGC率'),
  route('/aigc/articlePlagiarismChecking', '论文查重'),
  route('/aiThesis', 'AI论文'),
  route('/newAiThesis/index', 'AI论文'),
];

export const pptRoutes: RouteConfig[] = [
  route('/aippt', 'AI PPT', { element: 'ppt' }),
  ...family('/newAiPPt', { index: 'AI PPT', template: 'PPT模板', outline: 'PPT大纲', download: 'PPT下载' }, { element: 'ppt' }),
];

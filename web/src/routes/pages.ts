import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Lazy pages by key (route config `element`). Home, chat, login and the 404 are wired in router.tsx;
 * every other built page registers here with one line, so each area adds its pages without touching
 * the router. Pages take the route's title as an optional prop.
 */
type Page = LazyExoticComponent<ComponentType<{ title?: string }>>;

export const PAGES = {
  pointsLog: lazy(() => import('../features/points/PointsLogPage')),
  vip: lazy(() => import('../features/vip/VipPage')),
  invite: lazy(() => import('../features/invite/InvitePage')),
  inviteList: lazy(() => import('../features/invite/InviteListPage')),
  inviteCash: lazy(() => import('../features/invite/InviteCashPage')),
  inviteOrder: lazy(() => import('../features/invite/InviteOrderPage')),
  console: lazy(() => import('../features/console/ConsolePage')),
  consoleUser: lazy(() => import('../features/console/ConsoleUserPage')),
  agreement: lazy(() => import('../features/info/AgreementPage')),
  download: lazy(() => import('../features/info/DownloadPage')),
  about: lazy(() => import('../features/info/AboutPage')),
  help: lazy(() => import('../features/info/HelpPage')),
  wallet: lazy(() => import('../features/info/WalletPage')),
  equity: lazy(() => import('../features/info/EquityPage')),
  // search family, custom models, agents, mind map, slides (docs/product/search.md and its neighbours)
  searchHub: lazy(() => import('../features/search/SearchHubPage')),
  searchLanding: lazy(() => import('../features/search/SearchLandingPage')),
  scholar: lazy(() => import('../features/scholar/ScholarPage')),
  arxiv: lazy(() => import('../features/scholar/ArxivPage')),
  webdisk: lazy(() => import('../features/webdisk/WebdiskPage')),
  lookForFile: lazy(() => import('../features/webdisk/LookForFilePage')),
  lookForWeb: lazy(() => import('../features/webdisk/LookForWebPage')),
  myModels: lazy(() => import('../features/providers/MyModelsPage')),
  sharedModels: lazy(() => import('../features/shared-models/SharedModelsPage')),
  agents: lazy(() => import('../features/agents/AgentsPage')),
  myAgents: lazy(() => import('../features/agents/MyAgentsPage')),
  agentCreate: lazy(() => import('../features/agents/AgentCreatePage')),
  agentDetail: lazy(() => import('../features/agents/AgentDetailPage')),
  fullMindMap: lazy(() => import('../features/mindmap/FullMindMapPage')),
  ppt: lazy(() => import('../features/slides/PptPage')),
  // mind maps and decks from files, on the two features above (features/file-maps)
  fileMapsHub: lazy(() => import('../features/file-maps/MapsHubPage')),
  docMindMap: lazy(() => import('../features/file-maps/DocMindMapPage')),
  audioMindMap: lazy(() => import('../features/file-maps/AudioMindMapPage')),
  filePptHub: lazy(() => import('../features/file-maps/PptHubPage')),
  docPpt: lazy(() => import('../features/file-maps/DocPptPage')),
  oldPpt: lazy(() => import('../features/file-maps/OldPptPage')),
  // 在线修图: its cropper library loads with this chunk's crop stage only (features/photo-editor)
  photoEditor: lazy(() => import('../features/photo-editor/PhotoEditorPage')),
  // AI白板: Excalidraw and the Mermaid converter load with this page only (features/whiteboard)
  whiteboard: lazy(() => import('../features/whiteboard/WhiteboardPage')),
  // AI海报: background from the posterBackground task, text layers composed on a canvas (features/poster)
  poster: lazy(() => import('../features/poster/PosterPage')),
  // 图表记录: the saved AI图表 runs (features/charts)
  chartHistory: lazy(() => import('../features/charts/ChartHistoryPage')),
  // AI图片 (/picture): the drawing square and the user's works (features/gallery)
  picture: lazy(() => import('../features/gallery/PicturePage')),
  // AIGC检测 / 降AI率 / 论文查重: the report, rewrites and similarity matches (features/aigc)
  aigc: lazy(() => import('../features/aigc/AigcPage')),
  // views of the tool registry and the model catalog (web/src/features/registry)
  deepseek: lazy(() => import('../features/registry/DeepseekPage')),
  stage: lazy(() => import('../features/registry/StagePage')),
  functionHub: lazy(() => import('../features/registry/FunctionHubPage')),
  aiApply: lazy(() => import('../features/registry/AiApplyPage')),
  aiApplyDetail: lazy(() => import('../features/registry/AiApplyDetailPage')),
  productPage: lazy(() => import('../features/registry/ProductPage')),
  modelDetail: lazy(() => import('../features/registry/ModelDetailPage')),
  board: lazy(() => import('../features/registry/BoardPage')),
  result: lazy(() => import('../features/registry/ResultPage')),
  supportTest: lazy(() => import('../features/registry/SupportTestPage')),
  modelOffice: lazy(() => import('../features/registry/ModelOfficePage')),
  modelDescribe: lazy(() => import('../features/registry/ModelDescribePage')),
  designHub: lazy(() => import('../features/registry/DesignHubPage')),
  designClassRoom: lazy(() => import('../features/registry/DesignClassRoomPage')),
  // PDF工具 (/PdfTools): the hub of the PDF operations' cards (features/pdf-tools)
  pdfTools: lazy(() => import('../features/pdf-tools/PdfToolsPage')),
  // AI视频 hub (/video, /AICreateVideo, /AiVideo/index): the creation tools first, then every video tool (features/video)
  videoHub: lazy(() => import('../features/video/VideoHubPage')),
  voiceMySound: lazy(() => import('../features/voice/VoiceMySoundPage')),
  voiceMyGen: lazy(() => import('../features/voice/VoiceMyGenPage')),
  // AI论文/万字长文/AI写作 and 文章检测/文章纠错 (features/thesis)
  thesis: lazy(() => import('../features/thesis/ThesisPage')),
  articleCorrection: lazy(() => import('../features/thesis/ArticleCorrectionPage')),
  // AI翻译 (two-pane translator) and 翻译记录 (features/translate)
  translator: lazy(() => import('../features/translate/TranslatorPage')),
  translateRecord: lazy(() => import('../features/translate/TranslateRecordPage')),
  // 文档对话 and 文档总览: the document library (features/doc-chat)
  docChat: lazy(() => import('../features/doc-chat/DocChatPage')),
  docLibrary: lazy(() => import('../features/doc-chat/DocLibraryPage')),
  // 语音对话 / 实时语音 / 音频对话: record, speech to text, a chat answer spoken back (features/voice-talk)
  voiceTalk: lazy(() => import('../features/voice-talk/VoiceTalkPage')),
  voiceRealtime: lazy(() => import('../features/voice-talk/VoiceRealtimePage')),
  audioTalk: lazy(() => import('../features/voice-talk/AudioTalkPage')),
  // 视频字幕 (the SRT editor) and 音频/视频生成PPT (features/video-edit)
  videoSubtitle: lazy(() => import('../features/video-edit/SubtitlePage')),
  mediaPpt: lazy(() => import('../features/video-edit/MediaPptPage')),
  // the generic pages of registry tools: kind 'prompt' and kind 'task' (docs/product/creation.md)
  promptTool: lazy(() => import('../tools/PromptToolPage')),
  taskTool: lazy(() => import('../tools/TaskToolPage')),
} satisfies Record<string, Page>;

export type BuiltPageKey = keyof typeof PAGES;

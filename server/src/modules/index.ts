import type { ServerModule } from '../module';
import { registerActivityRoutes } from './activity/routes';
import { adminCatalogModule } from './admin-catalog/module';
import { adminVendorsModule } from './admin-vendors/module';
import { registerAdminMoneyRoutes } from './admin-money/routes';
import { registerAdminStatsRoutes } from './admin-stats/routes';
import { registerAgentRoutes } from './agents/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerChatRoutes } from './chat/routes';
import { registerConfigRoutes } from './config/routes';
import { registerDocLibraryRoutes } from './doc-library/routes';
import { registerDocSourceRoutes } from './doc-source/routes';
import { registerDownloadRoutes } from './downloads/routes';
import { registerFeedbackRoutes } from './feedback/routes';
import { registerFileRoutes } from './files/routes';
import { registerGroupRoutes } from './groups/routes';
import { registerHealthRoutes } from './health/routes';
import { registerHistoryRoutes } from './history/routes';
import { registerImgRoutes } from './img/routes';
import { registerDocTranslateRoutes } from './doc-translate/routes';
import { registerInviteRoutes } from './invite/routes';
import { mcpModule } from './mcp/module';
import { registerMediaRoutes } from './media/routes';
import { registerMindMapRoutes } from './mindmap/routes';
import { registerMusicRoutes } from './music/routes';
import { registerVideoRoutes } from './video/routes';
import { registerVoiceRoutes } from './voice/routes';
import { registerVoiceTalkRoutes } from './voice-talk/routes';
import { registerPersonaRoutes } from './personas/routes';
import { registerProfileRoutes } from './profile/routes';
import { registerPromoRoutes } from './promos/routes';
import { registerPromptRoutes } from './prompts/routes';
import { registerProviderRoutes } from './providers/routes';
import { quotaModule } from './quota/module';
import { registerScholarRoutes } from './scholar/routes';
import { registerSearchRoutes } from './search/routes';
import { registerSharedModelRoutes } from './shared-models/routes';
import { shopModule } from './shop/module';
import { registerSidebarRoutes } from './sidebar/routes';
import { registerSigninRoutes } from './signin/routes';
import { registerSiteRoutes } from './site/routes';
import { registerSlidesRoutes } from './slides/routes';
import { tasksModule } from './tasks/module';
import { registerThesisRoutes } from './thesis/routes';
import { registerToolRoutes } from './tools/routes';
import { registerTranslateRoutes } from './translate/routes';
import { uploadsModule } from './uploads/module';
import { registerWebdiskRoutes } from './webdisk/routes';
import { registerWhiteboardRoutes } from './whiteboard/routes';
import { registerAigcRoutes } from './aigc/routes';
import { registerAdminRoutes } from './admin/routes';
import { registerAdminModerationRoutes } from './admin-moderation/routes';
import { registerApiKeyRoutes } from './api-keys/routes';
import { registerShareRoutes } from './share/routes';

/**
 * Every area of the server, in route order. A module with background work or something to release declares it in
 * its own `module.ts` (quota, shop, uploads, tasks, mcp); a module that only has routes is declared here in one line.
 * A new area adds one entry (see docs/development.md "Modules").
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  { name: 'health', routes: registerHealthRoutes },
  { name: 'auth', routes: registerAuthRoutes },
  { name: 'config', routes: registerConfigRoutes },
  { name: 'chat', routes: registerChatRoutes },
  { name: 'history', routes: registerHistoryRoutes },
  { name: 'groups', routes: registerGroupRoutes },
  { name: 'share', routes: registerShareRoutes },
  { name: 'media', routes: registerMediaRoutes },
  { name: 'music', routes: registerMusicRoutes },
  { name: 'video', routes: registerVideoRoutes },
  { name: 'voice', routes: registerVoiceRoutes },
  { name: 'voice-talk', routes: registerVoiceTalkRoutes },
  uploadsModule,
  { name: 'feedback', routes: registerFeedbackRoutes },
  { name: 'personas', routes: registerPersonaRoutes },
  { name: 'prompts', routes: registerPromptRoutes },
  quotaModule,
  { name: 'profile', routes: registerProfileRoutes },
  { name: 'api-keys', routes: registerApiKeyRoutes },
  { name: 'downloads', routes: registerDownloadRoutes },
  shopModule,
  { name: 'promos', routes: registerPromoRoutes },
  { name: 'invite', routes: registerInviteRoutes },
  { name: 'activity', routes: registerActivityRoutes },
  { name: 'signin', routes: registerSigninRoutes },
  { name: 'site', routes: registerSiteRoutes },
  { name: 'sidebar', routes: registerSidebarRoutes },
  { name: 'search', routes: registerSearchRoutes },
  { name: 'scholar', routes: registerScholarRoutes },
  { name: 'webdisk', routes: registerWebdiskRoutes },
  { name: 'providers', routes: registerProviderRoutes },
  mcpModule,
  { name: 'agents', routes: registerAgentRoutes },
  { name: 'mindmap', routes: registerMindMapRoutes },
  { name: 'doc-source', routes: registerDocSourceRoutes },
  { name: 'doc-library', routes: registerDocLibraryRoutes },
  { name: 'shared-models', routes: registerSharedModelRoutes },
  { name: 'slides', routes: registerSlidesRoutes },
  { name: 'tools', routes: registerToolRoutes },
  tasksModule,
  { name: 'files', routes: registerFileRoutes },
  { name: 'img', routes: registerImgRoutes },
  { name: 'doc-translate', routes: registerDocTranslateRoutes },
  { name: 'whiteboard', routes: registerWhiteboardRoutes },
  { name: 'aigc', routes: registerAigcRoutes },
  { name: 'thesis', routes: registerThesisRoutes },
  { name: 'translate', routes: registerTranslateRoutes },
  adminCatalogModule,
  adminVendorsModule,
  { name: 'admin', routes: registerAdminRoutes },
  { name: 'admin-stats', routes: registerAdminStatsRoutes },
  { name: 'admin-moderation', routes: registerAdminModerationRoutes },
  { name: 'admin-money', routes: registerAdminMoneyRoutes },
];

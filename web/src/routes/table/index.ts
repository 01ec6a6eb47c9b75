import { route, type RouteConfig } from '../types';
import { chatRoutes, consoleRoutes, homeRoutes, loginRoutes } from './core';
import { drawRoutes, musicRoutes, videoRoutes, voiceRoutes } from './create';
import { docRoutes, pptRoutes, translateRoutes, writingRoutes } from './office';
import { agentRoutes, designRoutes, generatorRoutes, otherRoutes, searchRoutes } from './tools';

/** The catch-all: any unknown path renders the 404 page (through the /chat redirect guard). */
export const notFoundRoute: RouteConfig = route('*', '页面不存在', { element: 'notFound' });

/** The complete route table of shell 2.1, as data. */
export const ROUTES: readonly RouteConfig[] = [
  ...chatRoutes,
  ...homeRoutes,
  ...loginRoutes,
  ...consoleRoutes,
  ...drawRoutes,
  ...videoRoutes,
  ...musicRoutes,
  ...voiceRoutes,
  ...docRoutes,
  ...translateRoutes,
  ...writingRoutes,
  ...pptRoutes,
  ...agentRoutes,
  ...designRoutes,
  ...generatorRoutes,
  ...searchRoutes,
  ...otherRoutes,
  notFoundRoute,
];

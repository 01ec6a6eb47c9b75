import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { CloudResult, SearchPage, WebdiskSearchQuery } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { webdiskChannelsOf } from './channels';
import { createForbiddenWords, filterCloudResults, type ForbiddenWords } from './filter';
import { loadChannel } from './loaders';

/** What the area keeps per app: the forbidden-word list cache (the channels are live: webdiskChannelsOf). */
export interface WebdiskState {
  forbidden: ForbiddenWords;
  log: FastifyBaseLogger;
}

/** Only for a state first built outside the routes (the routes build it at boot with the app's logger). */
const quiet = pino({ level: 'silent' });

/** The area's state for this app (in the context's module states), built on first use (routes register it at boot, with the channels, so a bad file stops the boot). */
export function webdiskState(ctx: AppContext, log: FastifyBaseLogger = quiet): WebdiskState {
  return ctx.moduleStates.get('webdisk', () => {
    const w = ctx.config.webdisk;
    return {
      forbidden: createForbiddenWords({ url: w.forbiddenWordsUrl, refreshMs: w.forbiddenWordsRefreshMs, timeoutMs: w.timeoutMs }, log),
      log,
    };
  });
}

/**
 * One page of a tab (or the aggregation source): the channel's results, filtered and clipped.
 * An unconfigured or failing channel answers an empty page. hasMore ends when a page of the
 * channel has no items at all (4.2), before filtering, so a page the filter emptied still pages on.
 */
export async function searchWebdisk(ctx: AppContext, q: WebdiskSearchQuery, signal?: AbortSignal): Promise<SearchPage<CloudResult>> {
  const s = webdiskState(ctx);
  const channel = webdiskChannelsOf(ctx).byTab(q.channel);
  if (!channel) return { items: [], hasMore: false };
  const settings = { timeoutMs: ctx.config.webdisk.timeoutMs, baseUrl: ctx.config.webdisk.baseUrl };
  const [raw, words] = await Promise.all([loadChannel(channel, q.keyword, q.page, settings, s.log, signal), s.forbidden.words()]);
  return { items: filterCloudResults(raw, words), hasMore: raw.length > 0 };
}

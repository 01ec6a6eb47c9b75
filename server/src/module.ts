import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from './context';

/** Stops a module's background work; `graceMs` is how long running work may still take (0: stop now). */
export type StopBackground = (graceMs?: number) => Promise<void> | void;

/**
 * What one area of the server declares, in one place: its routes, the background work it runs while the server runs
 * (sweeps, reapers, reconcile, task workers) and what it releases when the app closes. Route registration never starts
 * background work: the app starts every module's `start` once it is ready and stops them all before it closes
 * (app.ts), so tests, the server and the worker role get the same lifecycle.
 */
export interface ServerModule {
  /** Short name, for logs and for choosing which modules' background work a test app runs. */
  name: string;
  /** Its HTTP routes, registered under /api. */
  routes?: (api: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** Starts its background work; returns how to stop it. */
  start?: (ctx: AppContext, log: FastifyBaseLogger) => StopBackground | Promise<StopBackground>;
  /** Releases what it holds (connections, pools) once the app has closed. */
  shutdown?: (ctx: AppContext) => Promise<void> | void;
}

/** Register every module's routes, in list order. */
export async function registerModuleRoutes(api: FastifyInstance, ctx: AppContext, modules: readonly ServerModule[]): Promise<void> {
  for (const m of modules) if (m.routes) await m.routes(api, ctx);
}

/**
 * Start the background work of `modules` (those with a `start`) and return one stop for all of it: each module's
 * stop runs once, all of them at the same time, and a failing one is logged without keeping the others from stopping.
 */
export async function startModules(
  ctx: AppContext,
  log: FastifyBaseLogger,
  modules: readonly ServerModule[],
): Promise<(graceMs?: number) => Promise<void>> {
  const running: { name: string; stop: StopBackground }[] = [];
  for (const m of modules) {
    if (m.start) running.push({ name: m.name, stop: await m.start(ctx, log.child({ module: m.name })) });
  }
  let stopped: Promise<void> | null = null;
  return (graceMs = 0) =>
    (stopped ??= Promise.all(
      running.map(async ({ name, stop }) => {
        try {
          await stop(graceMs);
        } catch (err) {
          log.error({ err, module: name }, 'stopping background work failed');
        }
      }),
    ).then(() => undefined));
}

/** Let every module release what it holds (after its background work stopped and the server closed). */
export async function shutdownModules(ctx: AppContext, log: FastifyBaseLogger, modules: readonly ServerModule[]): Promise<void> {
  for (const m of modules) {
    if (!m.shutdown) continue;
    try {
      await m.shutdown(ctx);
    } catch (err) {
      log.error({ err, module: m.name }, 'module shutdown failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Stop every module's background work, giving running work `graceMs` (app.ts; main.ts calls it at shutdown). */
    stopBackground(graceMs?: number): Promise<void>;
  }
}

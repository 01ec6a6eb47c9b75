import type { ServerModule } from '../../module';
import { startTasks } from './lifecycle';
import { registerTaskRoutes } from './routes';

/**
 * Tasks: their routes, and this process's task engine: workers when TASK_WORKERS=inline (otherwise only
 * `npm run worker` processes run tasks) and its share of the timeout sweep, which runs everywhere. At shutdown running
 * tasks get the grace, then go back to the queue.
 */
export const tasksModule: ServerModule = {
  name: 'tasks',
  routes: registerTaskRoutes,
  start: async (ctx, log) => {
    const engine = await startTasks(ctx, log, { workers: ctx.config.tasks.workers === 'inline' });
    return (graceMs) => engine.stop(graceMs);
  },
};

import type { AppContext } from '../../context';

/** What the task tools' handlers may use of the app (its own file, so handler files never import the handler list). */
export type TaskHandlersContext = Pick<AppContext, 'database' | 'storage' | 'llm' | 'config' | 'images' | 'catalog' | 'stt' | 'speech' | 'safeFetch' | 'moduleStates'>;

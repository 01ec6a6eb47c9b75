export * from './users';
export * from './chat';
export * from './quota';
export * from './chat-extras';
export * from './economy';
export * from './search-agents';
export * from './ops';
export * from './tasks';

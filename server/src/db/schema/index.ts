export * from './users';
export * from './chat';
export * from './quota';

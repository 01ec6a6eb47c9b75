export * from './envelope';
export * from './messages';
export * from './limits';
export * from './stream';
export * from './schemas/auth';
export * from './schemas/chat';
export * from './schemas/catalog';
export * from './schemas/media';

export * from './client';
export * from './password';
export * as schema from './schema';
export * from './schema';
export * from './seed/accounts';
export * from './seed/demo';

export * from './auth';
export * from './outbox';
export * from './settings';
export * from './users';

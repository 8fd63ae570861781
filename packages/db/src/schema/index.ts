export * from './auth';
export * from './catalogue';
export * from './content';
export * from './orders';
export * from './outbox';
export * from './sandbox';
export * from './settings';
export * from './users';

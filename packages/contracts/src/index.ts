export * from './auth';
export * from './catalogue';
export * from './errors';
export * from './forms';
export * from './locales';
export * from './mail';
export * from './validation';

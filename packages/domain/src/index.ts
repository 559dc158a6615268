export * from './errors/error-codes.ts';
export * from './api/envelope.ts';
export * from './api/auth.api.ts';
export * from './permissions/permission-ids.ts';
export * from './protocol/index.ts';

import './error-map.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './accounts.ts';
export * from './dev.ts';
export * from './experts.ts';
export * from './notifications.ts';
export * from './projects.ts';
export * from './messaging.ts';

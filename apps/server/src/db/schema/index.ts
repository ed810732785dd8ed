export * from './accounts.ts';
export * from './mail.ts';

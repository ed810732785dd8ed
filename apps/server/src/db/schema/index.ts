export * from './accounts.ts';
export * from './mail.ts';
export * from './experts.ts';
export * from './notifications.ts';
export * from './projects.ts';
export * from './messaging.ts';
export * from './escrow.ts';
export * from './reviews.ts';

export * from './templates';
export * from './reminders';
export * from './payment-reference';
export * from './signing';
export * from './links';
export * from './bank-account';

export * from './entities';
export * from './money';
export * from './plans';
export * from './subscription-status';
export * from './plan-catalog';
export * from './numbers';
export * from './lazy';
export * from './invoicing';

export * from './entities';
export * from './money';
export * from './plans';
export * from './numbers';

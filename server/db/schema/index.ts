export * from './users';
export * from './catalog';
export * from './wallet';
export * from './orders';
export * from './refunds';

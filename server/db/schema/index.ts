export * from './users';
export * from './catalog';
export * from './wallet';
export * from './orders';
export * from './reviews';
export * from './desk';
export * from './bot';
export * from './service';

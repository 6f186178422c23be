export * from './users';
export * from './catalog';

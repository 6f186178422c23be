// Moved to src/api so that every feature can load a screen's answer the same way.
export { useLoad, type LoadState } from '@app/api/use-load';

/**
 * The desk module's face: what the rest of the server uses of it. Other rooms import this file,
 * never one of the module's own files.
 */
export { createDesk } from './desk';
export { deskOutbox } from './outbox-kind';
export { deskSender } from './send';

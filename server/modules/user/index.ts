/**
 * The user module's face: what the rest of the server uses of it. Other rooms import this file,
 * never one of the module's own files.
 */
export { checkPayPassword, judgePayTry, payProofOf, preverifyPayPassword, takePayTry } from './pay-password';
export type { PayProof } from './pay-password';
export { userRoutes } from './routes';
export { findSessionUser } from './sessions';
export type { UserRow } from './sessions';
export { telegramCaller } from './telegram';

// Moved to src/telegram, beside the other Telegram client calls.
export { isUsableLink, openExternal } from '@app/telegram/open-link';

// Moved to src/telegram, beside the other Telegram client calls.
export { openExternal } from '../../../telegram/open-link';

// Moved to src/telegram, where the order screens ask their questions too.
export { confirmAction } from '../../telegram/confirm';

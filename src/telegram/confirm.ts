import { popup } from '@telegram-apps/sdk-react';

/**
 * Asks before a destructive or binding action: Telegram's native popup inside Telegram (its message
 * is limited to 256 characters), the browser's confirm dialog elsewhere. `destructive: false` for
 * an action that is not a loss (confirming receipt).
 */
export async function confirmAction(
  message: string,
  actionText: string,
  { destructive = true }: { destructive?: boolean } = {},
): Promise<boolean> {
  if (!popup.show.isAvailable()) return window.confirm(message);
  try {
    const pressed = await popup.show({
      message: message.slice(0, 256),
      buttons: [
        { id: 'confirm', type: destructive ? 'destructive' : 'default', text: actionText.slice(0, 64) },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    return pressed === 'confirm';
  } catch {
    // Another popup is open or the client refused the call: fall back to the browser.
    return window.confirm(message);
  }
}

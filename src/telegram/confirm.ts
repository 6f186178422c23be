import { popup } from '@telegram-apps/sdk-react';

/**
 * Asks before a destructive action: Telegram's native popup inside Telegram (its message is
 * limited to 256 characters), the browser's confirm dialog elsewhere.
 */
export async function confirmAction(message: string, actionText: string): Promise<boolean> {
  if (!popup.show.isAvailable()) return window.confirm(message);
  try {
    const pressed = await popup.show({
      message: message.slice(0, 256),
      buttons: [
        { id: 'confirm', type: 'destructive', text: actionText.slice(0, 64) },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    return pressed === 'confirm';
  } catch {
    // Another popup is open or the client refused the call: fall back to the browser.
    return window.confirm(message);
  }
}

import { Button } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { useTelegramMainButton, type MainButtonParams } from '../telegram/buttons';
import { useScreenActive } from './screen-active';

interface PageProps {
  children: ReactNode;
  /** The page's primary action: Telegram's main button inside Telegram, a bottom button outside. */
  main?: MainButtonParams;
  className?: string;
}

/**
 * The page wrapper: owns the main button (the layout owns the back button and title). A kept-alive
 * page that is hidden gives the main button up (hidden, handler dropped) until it shows again.
 */
export function Page({ children, main, className }: PageProps) {
  const active = useScreenActive();
  const inTelegram = useTelegramMainButton(active ? main : undefined);
  return (
    <div className={`page ${className ?? ''}`}>
      {children}
      {main && active && !inTelegram && (
        <div className="page-main-action">
          <Button
            size="l"
            stretched
            disabled={main.enabled === false || main.loading}
            loading={main.loading}
            onClick={main.onClick}
            data-testid="main-action"
          >
            {main.text}
          </Button>
        </div>
      )}
    </div>
  );
}

import { Cell } from '@telegram-apps/telegram-ui';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { ChevronIcon } from '@app/components/icons';
import { useHasScreen } from '@app/components/screen-routes';

interface NavCellProps {
  to: string;
  children: ReactNode;
  /** Shown before the chevron (a current value, a status). */
  value?: ReactNode;
  subtitle?: ReactNode;
  description?: ReactNode;
  before?: ReactNode;
  'data-testid'?: string;
}

/**
 * A list entry that opens another screen: a real link (long-press, screen readers) with a chevron.
 * Not shown while that screen does not exist.
 */
export function NavCell({ to, children, value, ...rest }: NavCellProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  const hasScreen = useHasScreen();
  if (!hasScreen(to)) return null;
  return (
    <Cell
      {...rest}
      Component="a"
      href={href}
      className="nav-cell"
      multiline
      onClick={(e: MouseEvent<HTMLElement>) => onClick(e as MouseEvent<HTMLAnchorElement>)}
      after={
        <span className="nav-cell__after">
          {value}
          <ChevronIcon />
        </span>
      }
    >
      {children}
    </Cell>
  );
}

import { Cell } from '@telegram-apps/telegram-ui';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { ChevronIcon } from '@app/components/icons';

interface EntryProps {
  children: ReactNode;
  subtitle?: ReactNode;
  before?: ReactNode;
  'data-testid'?: string;
}

/** A list entry that opens another screen: a real link (long-press, screen readers) with a chevron. */
export function LinkCell({ to, ...rest }: EntryProps & { to: string }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Cell
      {...rest}
      Component="a"
      href={href}
      className="support-link"
      multiline
      onClick={(e: MouseEvent<HTMLElement>) => onClick(e as MouseEvent<HTMLAnchorElement>)}
      after={<ChevronIcon />}
    />
  );
}

/** A list entry that leaves the app (customer service chat): a button with a chevron. */
export function ActionCell({ onClick, ...rest }: EntryProps & { onClick: () => void }) {
  return (
    <Cell
      {...rest}
      Component="button"
      type="button"
      className="support-link"
      multiline
      onClick={onClick}
      after={<ChevronIcon />}
    />
  );
}

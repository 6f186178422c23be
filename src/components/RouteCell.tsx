import { Cell } from '@telegram-apps/telegram-ui';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

export interface RouteCellProps {
  to: string;
  children: ReactNode;
  subtitle?: ReactNode;
  description?: ReactNode;
  before?: ReactNode;
  'data-testid'?: string;
}

/**
 * A list entry that opens another screen of the app: a real link (long-press, screen readers see
 * one) that the router follows in place; `after` ends the row (a chevron, a value).
 */
export function RouteCell({ to, ...rest }: RouteCellProps & { className: string; after: ReactNode }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Cell
      {...rest}
      Component="a"
      href={href}
      multiline
      onClick={(e: MouseEvent<HTMLElement>) => onClick(e as MouseEvent<HTMLAnchorElement>)}
    />
  );
}

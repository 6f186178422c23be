import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

interface RouteLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
  'aria-label'?: string;
}

/** An in-app link that is a real anchor (long-press, screen readers) but navigates in place. */
export function RouteLink({ to, children, ...rest }: RouteLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a {...rest} href={href} onClick={(e: MouseEvent<HTMLAnchorElement>) => onClick(e)}>
      {children}
    </a>
  );
}

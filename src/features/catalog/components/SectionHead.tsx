import type { ReactNode } from 'react';
import { RouteLink } from './RouteLink';

/** A section title with an optional "see all" link on the right. */
export function SectionHead({
  title,
  to,
  more,
  icon,
}: {
  title: string;
  to?: string;
  more?: string;
  icon?: ReactNode;
}) {
  return (
    <div className="section-head">
      <h2 className="section-head__title">
        {icon}
        <span>{title}</span>
      </h2>
      {to && more && (
        <RouteLink to={to} className="section-head__more">
          {more}
        </RouteLink>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { ChevronIcon } from '@app/components/icons';
import { RouteCell, type RouteCellProps } from '@app/components/RouteCell';
import { useHasScreen } from '@app/components/screen-routes';

/**
 * A list entry that opens another screen, with a chevron and before it `value` (a current value, a
 * status). Not shown while that screen does not exist.
 */
export function NavCell({ value, ...rest }: RouteCellProps & { value?: ReactNode }) {
  const hasScreen = useHasScreen();
  if (!hasScreen(rest.to)) return null;
  return (
    <RouteCell
      {...rest}
      className="nav-cell"
      after={
        <span className="nav-cell__after">
          {value}
          <ChevronIcon />
        </span>
      }
    />
  );
}

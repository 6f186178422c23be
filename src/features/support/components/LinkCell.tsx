import { Cell } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { ChevronIcon } from '@app/components/icons';
import { RouteCell, type RouteCellProps } from '@app/components/RouteCell';

interface EntryProps {
  children: ReactNode;
  subtitle?: ReactNode;
  before?: ReactNode;
  'data-testid'?: string;
}

/** A list entry that opens another screen, with a chevron. */
export function LinkCell(props: RouteCellProps) {
  return <RouteCell {...props} className="support-link" after={<ChevronIcon />} />;
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

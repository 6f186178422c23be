import { Cell, Switch } from '@telegram-apps/telegram-ui';
import { useId, type ReactNode } from 'react';

interface SwitchCellProps {
  /** The row's title: the switch's name. */
  label: string;
  /** The line under the title: the switch's description. */
  description?: ReactNode;
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  'data-testid'?: string;
}

/**
 * A list row that is one switch: a tap anywhere on the row flips it (the row is a <label>). The
 * switch is named by the row's title and described by its line under it: telegram-ui's Switch
 * wraps its input in a label of its own, empty, which would otherwise leave the input unnamed.
 */
export function SwitchCell({ label, description, onChange, ...input }: SwitchCellProps) {
  const id = useId();
  return (
    <Cell
      Component="label"
      multiline
      description={description ? <span id={`${id}-hint`}>{description}</span> : undefined}
      after={
        <Switch
          {...input}
          aria-labelledby={`${id}-title`}
          aria-describedby={description ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
      }
    >
      <span id={`${id}-title`}>{label}</span>
    </Cell>
  );
}

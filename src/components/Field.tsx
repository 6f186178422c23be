import { Input } from '@telegram-apps/telegram-ui';
import { forwardRef, useId, type ComponentProps, type ReactNode } from 'react';

type FieldProps = Omit<ComponentProps<typeof Input>, 'header'> & { label: string };

/**
 * A text field with a visible label tied to its input. telegram-ui's `header` is neither: it is
 * drawn on the base platform only (an iOS client shows a blank box) and is no <label>. The box
 * (`field__box`) has an edge that shows when the field is empty (src/styles.css).
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, id, className, ...rest },
  ref,
) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <Input
        ref={ref}
        id={inputId}
        className={className ? `field__box ${className}` : 'field__box'}
        {...rest}
      />
    </div>
  );
});

/** A label above its own control (a select or a text area), tied to it. */
export function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

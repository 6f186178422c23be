import type { FormHTMLAttributes } from 'react';

/**
 * A screen's form: Enter submits it as the screen's main button does (`onSubmit`), never the
 * browser's own submission; a hidden submit button lets Enter submit from any field.
 */
export function Form({
  onSubmit,
  className = 'form',
  children,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit: () => unknown }) {
  return (
    <form
      className={className}
      {...rest}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <button type="submit" hidden />
    </form>
  );
}

import { fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Where the app is and what its forms hold, as the screen suites check them. */

/** Resolves once the app's address is `path` (asked again until then, as waitFor does). */
export const at = (path: string) => waitFor(() => expect(window.location.pathname).toBe(path));

/** The page's input named `name`. */
export const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

/** Types `value` into the input named `name` (a change event, as React hears typing). */
export const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

import { createContext, useContext } from 'react';

/**
 * Whether a path has a screen yet, answered by the route table (the app provides it). Entries
 * that open a path without one are not shown, and appear by themselves once its screen lands.
 */
export const HasScreen = createContext<(path: string) => boolean>(() => true);

export const useHasScreen = () => useContext(HasScreen);

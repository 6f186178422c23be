import { createContext, useContext } from 'react';

/**
 * Whether the screen a component sits in is the one shown. Kept-alive screens stay mounted while
 * hidden, so whatever they hold of Telegram's shared chrome (the main button) must follow this.
 */
export const ScreenActive = createContext(true);

export const useScreenActive = () => useContext(ScreenActive);

import type { StateLook } from '@app/components/States';
import { AlertIcon, BoxIcon } from './icons';

/** The catalogue's empty and failed states (the shared States set): centred, with a picture. */
export const emptyLook: StateLook = {
  className: 'catalog-state',
  icon: (
    <span className="catalog-state__icon">
      <BoxIcon />
    </span>
  ),
};

export const errorLook: StateLook = {
  className: 'catalog-state',
  icon: (
    <span className="catalog-state__icon">
      <AlertIcon />
    </span>
  ),
};

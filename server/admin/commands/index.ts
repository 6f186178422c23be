import type { Command } from '../command';
import { creditCommand, debitCommand } from './adjustment';
import { ordersCommand } from './orders';
import { promoCommand } from './promo';
import { settingsCommand } from './settings';
import { shipCommand } from './ship';
import { trackCommand } from './track';
import { networkCommand } from './network';
import { bankCommand } from './bank';
import { rechargeCommand, rechargesCommand } from './recharge';
import { withdrawalsCommand, withdrawCommand } from './withdraw';
import { refundCommand, refundsCommand } from './refund';

/** The commands of `npm run admin`, in the order the help lists them. */
export const COMMANDS: Command[] = [
  creditCommand,
  debitCommand,
  ordersCommand,
  shipCommand,
  trackCommand,
  refundsCommand,
  refundCommand,
  promoCommand,
  rechargesCommand,
  rechargeCommand,
  withdrawalsCommand,
  withdrawCommand,
  networkCommand,
  bankCommand,
  settingsCommand,
];

export const findCommand = (name: string): Command | undefined => COMMANDS.find((c) => c.name === name);

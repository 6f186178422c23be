import { z } from 'zod';
import { track, type Tracked } from '../../modules/orders';
import { defineCommand } from '../command';
import { countWord, textWord } from '../words';

export const trackCommand = defineCommand({
  name: 'track',
  summary: "Add a logistics event to a shipped order's timeline",
  args: [
    { name: 'orderId', label: 'order id' },
    { name: 'text', label: 'event text' },
  ],
  details:
    'The text is shown to the shopper as it is, on the order and in a notification. Only delivered ' +
    'or received orders take logistics events.',
  examples: ['npm run admin -- track 12 "Arrived at the Frankfurt sorting centre"'],
  input: z.object({ orderId: countWord(), text: textWord(500) }),
  run: (db, p, ctx) => track(db, { ...p, operator: ctx.operator }),
  print: (v: Tracked) => `Order ${v.orderId} (${v.orderSn}): "${v.text}" added; the shopper is notified.`,
});

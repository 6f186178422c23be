import { z } from 'zod';
import { ship, type Shipped } from '../../modules/orders';
import { defineCommand } from '../command';
import { countWord, textWord } from '../words';

export const shipCommand = defineCommand({
  name: 'ship',
  summary: 'Ship an order waiting delivery, with carrier and tracking number',
  args: [
    { name: 'orderId', label: 'order id' },
    { name: 'carrier', label: 'carrier' },
    { name: 'trackingNo', label: 'tracking number' },
  ],
  details:
    'Moves the order from waiting delivery to delivered and tells the shopper. Shipping it again ' +
    'with the same carrier and number says it is already shipped and changes nothing; any other ' +
    'order is refused. The order id is the ID column of `orders`.',
  examples: [
    'npm run admin -- ship 12 DHL 1234567890',
    'npm run admin -- ship 12 "Royal Mail" RM123456785GB',
  ],
  input: z.object({
    orderId: countWord(),
    carrier: textWord(64),
    trackingNo: textWord(64),
  }),
  run: (db, p, ctx) => ship(db, { ...p, operator: ctx.operator }),
  print: (v: Shipped) =>
    v.alreadyShipped
      ? `Order ${v.orderId} (${v.orderSn}) is already shipped with ${v.carrier} ${v.trackingNo}; nothing changed.`
      : `Order ${v.orderId} (${v.orderSn}) shipped with ${v.carrier} ${v.trackingNo}; the shopper is notified.`,
});

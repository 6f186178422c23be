import type { z } from 'zod';
import type { notificationItem } from '../../common/schemas/order';

/** Answer types the wallet suites read that other areas declare. */
export type NotificationItem = z.infer<typeof notificationItem>;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toAmount } from '@common/money';
import type { RechargeAnswer } from '@common/schemas/wallet-topup';
import { currentUser } from '../../lib/http';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { Answer, serve } from '../../lib/serve';
import { bankDetailsFor } from './bank';
import { bill } from './bill';
import { createCardTopUp, telegramInvoices } from './card-topup';
import { evidenceRoutes } from '../upload';
import { enabledNetworks, networkView } from './networks';
import { deletePayout, listPayouts } from './payouts';
import { createRecharge, topUpLimits } from './recharge';
import { ownRecharge, rechargeLog, withdrawalLog } from './records';
import { createWithdrawal, extractInfo } from './withdraw';

/**
 * The wallet's endpoints under '/api/user' (common/api: section wallet), and the evidence pictures'
 * own route. Card invoices go through the Bot API with BOT_TOKEN and PAYMENT_PROVIDER_TOKEN
 * (TELEGRAM_API_ROOT for another Bot API); without them the card way is "temporarily unavailable".
 */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const makeInvoice = telegramInvoices(app.config);

  serve(app, 'wallet.getBlockchain', async (_none, request) => {
    const [nets, limits, bank] = await Promise.all([
      enabledNetworks(db),
      topUpLimits(db),
      bankDetailsFor(db, currentUser(request).id),
    ]);
    return {
      list: nets.map(networkView),
      topUp: { min: toAmount(limits.min), max: toAmount(limits.max) },
      cardAvailable: makeInvoice !== undefined,
      bank,
    };
  });

  const cardTopUp = (request: FastifyRequest, amount: number) =>
    createCardTopUp(db, makeInvoice, {
      userId: currentUser(request).id,
      isDemo: currentUser(request).isDemo,
      lang: request.lang,
      amount,
      key: idempotencyKeyOf(request),
      // The message only: a Bot API error carries its request, the provider token included.
      onInvoiceError: (err) =>
        request.log.warn(
          { reason: err instanceof Error ? err.message : String(err) },
          'Telegram made no invoice link',
        ),
    });

  serve(app, 'wallet.recharge', async (body, request) => {
    const user = currentUser(request);
    const key = idempotencyKeyOf(request);
    let answer: RechargeAnswer;
    if (body.type === 'card') {
      const card = await cardTopUp(request, body.amount);
      const item = await ownRecharge(db, user.id, card.id);
      if (!item) throw new Error(`card top-up ${card.id} is gone`);
      answer = { ...item, invoiceLink: card.invoiceLink };
    } else {
      const made = await createRecharge(
        db,
        { userId: user.id, isDemo: user.isDemo, key, dataDir: app.config.DATA_DIR },
        { ...body, type: body.type },
      );
      answer = { ...made, invoiceLink: null };
    }
    return new Answer(answer, body.type === 'card' ? 'wallet.invoiceReady' : 'wallet.rechargeSubmitted');
  });

  serve(
    app,
    'wallet.rechargeCard',
    async ({ amount }, request) => new Answer(await cardTopUp(request, amount), 'wallet.invoiceReady'),
  );

  serve(app, 'wallet.rechargeLog', async ({ status, page, limit }, request) =>
    rechargeLog(db, currentUser(request).id, { status, page, limit }),
  );

  serve(app, 'wallet.extractInfo', async (_none, request) => extractInfo(db, currentUser(request).id));

  serve(app, 'wallet.extract', async (body, request) => {
    const answer = await createWithdrawal(
      db,
      { userId: currentUser(request).id, key: idempotencyKeyOf(request) },
      body,
    );
    return new Answer(answer, 'wallet.withdrawSubmitted');
  });

  serve(app, 'wallet.extractLog', async ({ status, page, limit }, request) =>
    withdrawalLog(db, currentUser(request).id, { status, page, limit }),
  );

  serve(app, 'wallet.payoutList', async (_none, request) => listPayouts(db, currentUser(request).id));

  serve(
    app,
    'wallet.payoutDel',
    async ({ payout_id }, request) =>
      new Answer(await deletePayout(db, currentUser(request).id, payout_id), 'wallet.payoutDeleted'),
  );

  serve(app, 'wallet.bill', async (query, request) => bill(db, currentUser(request).id, query));

  await evidenceRoutes(app);
}

import { Composer, InlineKeyboard, type Context } from 'grammy';
import { formatMoney } from '../../common/money';
import { toLang } from '../../common/languages';
import { startParamToPath } from '../../common/start-param';
import type { BotDeps, CardPayments } from '../deps';

/**
 * Card payments (top-ups, and orders paid by card): Telegram asks before it charges
 * (pre_checkout_query, to be answered within 10 seconds), then reports the payment (a
 * successful_payment message). The shop checks the invoice against the payer and the amount, and
 * credits the balance once per charge, whatever updates repeat (an invoice for orders pays them
 * from it); the payer is told the new balance, or that the orders are paid, with a button there.
 */
export function paymentsFeature(deps: Pick<BotDeps, 't' | 'appUrl' | 'log'> & { payments: CardPayments }) {
  const feature = new Composer<Context>();

  feature.on('pre_checkout_query', async (ctx) => {
    const q = ctx.preCheckoutQuery;
    let verdict: Awaited<ReturnType<CardPayments['preCheckout']>>;
    try {
      verdict = await deps.payments.preCheckout({
        telegramUserId: q.from.id,
        payload: q.invoice_payload,
        currency: q.currency,
        totalAmount: q.total_amount,
      });
    } catch (err) {
      deps.log?.('pre-checkout check failed', err);
      verdict = { ok: false, reason: 'wallet.invoiceFailed' };
    }
    if (verdict.ok) return ctx.answerPreCheckoutQuery(true);
    return ctx.answerPreCheckoutQuery(false, deps.t(q.from.language_code, verdict.reason));
  });

  feature.on('message:successful_payment', async (ctx) => {
    const p = ctx.message.successful_payment;
    const lang = ctx.from?.language_code;
    const result = await deps.payments.paid({
      telegramUserId: ctx.from?.id ?? 0,
      payload: p.invoice_payload,
      currency: p.currency,
      totalAmount: p.total_amount,
      chargeId: p.telegram_payment_charge_id,
      providerChargeId: p.provider_payment_charge_id,
    });
    if (!result) {
      deps.log?.('a card payment could not be credited', new Error(`charge ${p.telegram_payment_charge_id}`));
      return ctx.reply(
        deps.t(lang, 'wallet.bot.paymentNotCredited', { charge: p.telegram_payment_charge_id }),
      );
    }
    // A repeated update: the first one was answered already.
    if (!result.credited) return;
    const locale = toLang(lang);
    const money = {
      amount: formatMoney(result.amount, locale),
      balance: formatMoney(result.balance, locale),
    };
    const { orders } = result;
    // Orders paid by the card lead to the orders; anything else to the wallet.
    const text = !orders
      ? deps.t(lang, 'wallet.bot.paymentCredited', money)
      : orders.paid
        ? deps.t(lang, 'wallet.bot.ordersPaid', money)
        : deps.t(lang, 'wallet.bot.ordersToBalance', { ...money, reason: deps.t(lang, orders.reason) });
    if (!deps.appUrl) return ctx.reply(text);
    const to = orders?.paid ? 'orders' : 'wallet';
    const url = new URL(startParamToPath(to), deps.appUrl).toString();
    const button = deps.t(lang, orders?.paid ? 'wallet.bot.openOrders' : 'wallet.bot.openWallet');
    return ctx.reply(text, { reply_markup: new InlineKeyboard().webApp(button, url) });
  });

  return feature;
}

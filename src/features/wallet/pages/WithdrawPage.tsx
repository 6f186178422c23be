import { Button, List, SegmentedControl } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toAmount } from '@common/money';
import { paths } from '@common/paths';
import { cardDigits, maskedCard, WITHDRAW_TYPES } from '@common/wallet';
import type { FirstAnswers } from '@app/api/first-answers';
import { useLoad } from '@app/api/use-load';
import { PendingState } from '@app/components/States';
import { Page } from '@app/components/Page';
import { PAY_DIGITS } from '@app/components/PayPad';
import { useMoney } from '@app/i18n/use-money';
import { haptic } from '@app/telegram/buttons';
import { walletApi, type ExtractInfo } from '../api';
import { AmountSection } from '../components/AmountSection';
import { DestinationFields } from '../components/DestinationFields';
import { HeadSums } from '../components/HeadSums';
import { PayoutMethods } from '../components/PayoutMethods';
import { WithdrawConfirm } from '../components/WithdrawConfirm';
import { WithdrawDone } from '../components/WithdrawDone';
import { useWithdrawForm } from '../lib/use-withdraw-form';
import { networkOf, usableMethods } from '../lib/withdraw-form';
import '../wallet.css';

const infoAnswer = { name: 'wallet.extractInfo', params: {}, load: walletApi.extractInfo } as const;

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = () => [infoAnswer];

/**
 * /withDraw: to a bank card or on-chain, to a saved method or a new one; the amount with its fee
 * shown before anything is sent, then the payment password. The request holds amount + fee until
 * the operator reviews it; its record opens from here.
 */
export default function WithdrawPage() {
  const info = useLoad(infoAnswer.name, infoAnswer.params, infoAnswer.load, { fresh: true });
  if (!info.data) {
    return (
      <Page className="withdraw-page">
        <PendingState className="wallet-state" error={info.error} onRetry={info.reload} />
      </Page>
    );
  }
  return <Withdraw info={info.data} reload={info.reload} />;
}

function Withdraw({ info, reload }: { info: ExtractInfo; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  const money = (c: number) => formatMoney(toAmount(c));
  const w = useWithdrawForm(info, reload);

  if (w.done) {
    return <WithdrawDone answer={w.done} onAnother={w.another} />;
  }

  const head = (
    <div className="bill-head">
      <HeadSums balance={formatMoney(info.balance)} frozen={formatMoney(info.frozen)} testId="withdraw" />
      <div className="bill-head__actions">
        <Button
          size="s"
          mode="plain"
          className="withdraw-records"
          onClick={() => navigate(paths.depositRecord.href())}
          data-testid="withdraw-records"
        >
          {t('withdraw.records')}
        </Button>
      </div>
    </div>
  );

  if (w.confirming && w.checked.amount !== undefined && w.checked.fee !== undefined) {
    const network = networkOf(w.current, info);
    const destination = w.method
      ? w.method.label
      : w.current.type === 'bank'
        ? `${w.current.bankName.trim()} ${maskedCard(cardDigits(w.current.cardNumber).slice(-4))}`
        : `${network?.name ?? ''} ${w.current.address.trim()}`;
    const noPassword = !info.hasPayPassword;
    const main = noPassword
      ? { text: t('withdraw.setPassword'), onClick: () => navigate(paths.changePayPwd.href()) }
      : {
          text: w.failure?.retry
            ? t('withdraw.tryAgain')
            : t('withdraw.submit', { amount: money(w.checked.amount) }),
          onClick: () => void w.submit(w.digits),
          enabled: w.digits.length === PAY_DIGITS,
          loading: w.busy,
        };
    return (
      <Page className="withdraw-page" main={main}>
        {head}
        <WithdrawConfirm
          rows={[
            { label: t('withdraw.to'), value: destination, testId: 'confirm-destination' },
            { label: t('withdraw.arrives'), value: money(w.checked.amount), testId: 'confirm-amount' },
            { label: t('withdraw.fee'), value: money(w.checked.fee), testId: 'confirm-fee' },
            {
              label: t('withdraw.total'),
              value: money(w.checked.amount + w.checked.fee),
              total: true,
              testId: 'confirm-total',
            },
          ]}
          hasPayPassword={info.hasPayPassword}
          failure={w.failure}
          busy={w.busy}
          padKey={w.padKey}
          onDigits={w.onDigits}
          onChange={w.change}
        />
      </Page>
    );
  }

  const methods = usableMethods(info, w.form.type);
  return (
    <Page className="withdraw-page" main={{ text: t('withdraw.continue'), onClick: w.proceed }}>
      {head}
      <div className="withdraw-types">
        <SegmentedControl>
          {WITHDRAW_TYPES.map((type) => (
            <SegmentedControl.Item
              className="segment-whole"
              key={type}
              selected={w.form.type === type}
              onClick={() => w.chooseType(type)}
              data-testid={`withdraw-type-${type}`}
            >
              {t(`withdraw.type.${type}`)}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl>
      </div>
      <List className="withdraw-form">
        {methods.length > 0 && (
          <PayoutMethods
            methods={methods}
            chosen={w.current.payoutId}
            onChoose={(id) => {
              haptic.tap();
              w.set('payoutId', id);
            }}
            onDelete={(m) => void w.remove(m)}
            newLabel={w.form.type === 'bank' ? t('withdraw.newCard') : t('withdraw.newAddress')}
          />
        )}
        {w.current.payoutId === null && (
          <DestinationFields
            form={w.form}
            networks={info.networks}
            problems={w.shown}
            set={w.set}
            touch={w.touch}
          />
        )}
        <AmountSection
          value={w.form.amount}
          problem={w.shown.amount}
          amount={w.checked.amount}
          fee={w.checked.fee}
          rule={w.rule}
          limits={w.limits}
          onChange={(value) => w.set('amount', value)}
          onBlur={() => w.touch('amount')}
          onAll={w.withdrawAll}
        />
      </List>
    </Page>
  );
}

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
  const {
    form,
    current,
    method,
    checked,
    shown,
    rule,
    limits,
    confirming,
    digits,
    padKey,
    busy,
    failure,
    done,
    set,
    touch,
    chooseType,
    withdrawAll,
    remove,
    proceed,
    submit,
    onDigits,
    change,
    another,
  } = useWithdrawForm(info, reload);

  if (done) {
    return <WithdrawDone answer={done} onAnother={another} />;
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

  if (confirming && checked.amount !== undefined && checked.fee !== undefined) {
    const network = networkOf(current, info);
    const destination = method
      ? method.label
      : current.type === 'bank'
        ? `${current.bankName.trim()} ${maskedCard(cardDigits(current.cardNumber).slice(-4))}`
        : `${network?.name ?? ''} ${current.address.trim()}`;
    const noPassword = !info.hasPayPassword;
    const main = noPassword
      ? { text: t('withdraw.setPassword'), onClick: () => navigate(paths.changePayPwd.href()) }
      : {
          text: failure?.retry
            ? t('withdraw.tryAgain')
            : t('withdraw.submit', { amount: money(checked.amount) }),
          onClick: () => void submit(digits),
          enabled: digits.length === PAY_DIGITS,
          loading: busy,
        };
    return (
      <Page className="withdraw-page" main={main}>
        {head}
        <WithdrawConfirm
          rows={[
            { label: t('withdraw.to'), value: destination, testId: 'confirm-destination' },
            { label: t('withdraw.arrives'), value: money(checked.amount), testId: 'confirm-amount' },
            { label: t('withdraw.fee'), value: money(checked.fee), testId: 'confirm-fee' },
            {
              label: t('withdraw.total'),
              value: money(checked.amount + checked.fee),
              total: true,
              testId: 'confirm-total',
            },
          ]}
          hasPayPassword={info.hasPayPassword}
          failure={failure}
          busy={busy}
          padKey={padKey}
          onDigits={onDigits}
          onChange={change}
        />
      </Page>
    );
  }

  const methods = usableMethods(info, form.type);
  return (
    <Page className="withdraw-page" main={{ text: t('withdraw.continue'), onClick: proceed }}>
      {head}
      <div className="withdraw-types">
        <SegmentedControl>
          {WITHDRAW_TYPES.map((type) => (
            <SegmentedControl.Item
              className="segment-whole"
              key={type}
              selected={form.type === type}
              onClick={() => chooseType(type)}
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
            chosen={current.payoutId}
            onChoose={(id) => {
              haptic.tap();
              set('payoutId', id);
            }}
            onDelete={(m) => void remove(m)}
            newLabel={form.type === 'bank' ? t('withdraw.newCard') : t('withdraw.newAddress')}
          />
        )}
        {current.payoutId === null && (
          <DestinationFields form={form} networks={info.networks} problems={shown} set={set} touch={touch} />
        )}
        <AmountSection
          value={form.amount}
          problem={shown.amount}
          amount={checked.amount}
          fee={checked.fee}
          rule={rule}
          limits={limits}
          onChange={(value) => set('amount', value)}
          onBlur={() => touch('amount')}
          onAll={withdrawAll}
        />
      </List>
    </Page>
  );
}

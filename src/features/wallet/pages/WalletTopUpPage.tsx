import { Button, List, Section } from '@telegram-apps/telegram-ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
import { errorText } from '@app/api/error-text';
import { PendingState } from '@app/components/States';
import { Field } from '@app/components/Field';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import type { BankDetails, Network } from '../api';
import { BankAccount } from '../components/BankAccount';
import { DepositAddress } from '../components/DepositAddress';
import { EvidencePicker, FieldMessage } from '../components/EvidencePicker';
import { NetworkSelect } from '../components/NetworkSelect';
import { ScanButton, ScanProblem } from '../components/ScanButton';
import type { TopUpField } from '../lib/topup-form';
import { useTopUpForm, type ScanField, type TopUpDone } from '../lib/use-topup-form';
import { blockchainFirst, useBlockchain } from '../use-blockchain';
import { Placeholder } from '@app/components/Placeholder';
import '../wallet.css';
import '../topup.css';

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers = blockchainFirst;

/**
 * /walletTopUp: the on-chain top-up (choose the network, send to its deposit address, then tell the
 * amount, the sending address, the evidence picture and maybe the transaction hash) and, with
 * `?type=manual`, the manual one (a bank transfer to the shop's account shown with copy buttons and
 * the shopper's reference, then amount and receipt; a shop with no bank account set says it takes
 * no bank transfers). Every field is checked before any call; the main button submits once per
 * intent (Idempotency-Key). Nothing moves until the operator passes it.
 */
export default function WalletTopUpPage() {
  const location = useLocation();
  const manual = paths.walletTopUp.isManual(location.search);
  const info = useBlockchain();
  const [done, setDone] = useState<TopUpDone>();

  let body: ReactNode;
  if (done) body = <Submitted done={done} />;
  else if (info.isError || !info.data)
    body = (
      <PendingState
        className="wallet-state"
        error={info.isError ? errorText(info.error) : null}
        onRetry={() => void info.refetch()}
      />
    );
  else if (manual && !info.data.bank) body = <NoBankTransfers />;
  else
    return (
      <TopUpForm
        key={manual ? 'manual' : 'chain'}
        manual={manual}
        bank={info.data.bank}
        networks={info.data.list}
        limits={info.data.topUp}
        onDone={setDone}
      />
    );
  return <Page className="topup-page">{body}</Page>;
}

function TopUpForm(props: {
  manual: boolean;
  bank: BankDetails | null;
  networks: Network[];
  limits: { min: string; max: string };
  onDone: (done: TopUpDone) => void;
}) {
  const { t } = useTranslation();
  const { manual, networks } = props;
  const form = useTopUpForm(props);
  const { errors, message } = form;

  const field = (name: TopUpField, text: string | undefined) =>
    text ? <FieldMessage field={name} text={text} /> : null;
  const scanProblemOf = (name: ScanField) => (
    <ScanProblem text={form.scanProblemAt(name)} testId={`scan-problem-${name}`} />
  );

  return (
    <Page
      className="topup-page"
      main={{ text: t('topUp.form.submit'), onClick: () => void form.submit(), loading: form.sending }}
    >
      <List>
        {manual ? (
          <Section header={t('topUp.bank.title')}>{props.bank && <BankAccount bank={props.bank} />}</Section>
        ) : (
          <Section>
            <p className="topup-warning" role="note" data-testid="dex-warning">
              {t('topUp.form.warning')}
            </p>
            <NetworkSelect
              networks={networks}
              value={form.networkId}
              onChange={form.setNetworkId}
              error={message('network_id')}
            />
            {form.network && <DepositAddress network={form.network} />}
          </Section>
        )}
        <Section>
          <Field
            label={t('topUp.form.amount')}
            name="amount"
            inputMode="decimal"
            placeholder={form.limits.min}
            value={form.amount}
            status={errors.amount ? 'error' : undefined}
            onChange={(e) => form.setAmount(e.target.value)}
            data-testid="amount"
          />
          {field('amount', message('amount'))}
          {!manual && (
            <>
              <Field
                label={t('topUp.form.fromAddress')}
                name="from_address"
                placeholder={t('topUp.form.fromAddressPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                value={form.fromAddress}
                status={errors.from_address ? 'error' : undefined}
                onChange={(e) => form.typeFromAddress(e.target.value)}
                data-testid="from-address"
                after={
                  <ScanButton
                    prompt={t('scan.addressPrompt')}
                    onScanned={(text) => form.scanned('from_address', text)}
                    testId="scan-from-address"
                  />
                }
              />
              {scanProblemOf('from_address')}
              {field('from_address', message('from_address'))}
            </>
          )}
          <EvidencePicker
            value={form.evidence}
            onChange={form.setEvidence}
            hint={manual ? t('topUp.form.receiptHint') : t('topUp.form.evidenceHint')}
            error={message('evidence')}
          />
          {!manual && (
            <>
              <Field
                label={t('topUp.form.txHash')}
                name="tx_hash"
                autoComplete="off"
                spellCheck={false}
                value={form.txHash}
                status={errors.tx_hash ? 'error' : undefined}
                onChange={(e) => form.typeTxHash(e.target.value)}
                data-testid="tx-hash"
                after={
                  <ScanButton
                    prompt={t('scan.hashPrompt')}
                    onScanned={(text) => form.scanned('tx_hash', text)}
                    testId="scan-tx-hash"
                  />
                }
              />
              {scanProblemOf('tx_hash')}
              {field('tx_hash', message('tx_hash'))}
            </>
          )}
        </Section>
      </List>
    </Page>
  );
}

/** The manual way while the operator has set no bank account: nothing to transfer to. */
function NoBankTransfers() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Placeholder
      className="wallet-state"
      description={t('topUp.bank.none')}
      data-testid="bank-none"
      action={
        <Button size="m" onClick={() => navigate(paths.topUp.href(), { replace: true })}>
          {t('topUp.bank.otherWays')}
        </Button>
      }
    />
  );
}

/** The top-up is in: it waits for review; its record is one tap away. */
function Submitted({ done }: { done: TopUpDone }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  return (
    <Placeholder
      className="wallet-state"
      header={t('topUp.done.title')}
      description={t('topUp.done.text', { id: done.id, amount: formatMoney(done.amount) })}
      data-testid="topup-done"
      action={
        <Button size="m" onClick={() => navigate(paths.topUpRecord.one(done.id), { replace: true })}>
          {t('topUp.done.records')}
        </Button>
      }
    />
  );
}

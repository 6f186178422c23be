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
  /** A text field a scanned QR code may fill, with why a scan filled nothing and its problem. */
  const scanField = (
    name: ScanField,
    f: {
      label: string;
      placeholder?: string;
      prompt: string;
      value: string;
      onType: (value: string) => void;
    },
    testId: string,
  ) => (
    <>
      <Field
        label={f.label}
        name={name}
        placeholder={f.placeholder}
        autoComplete="off"
        spellCheck={false}
        value={f.value}
        status={errors[name] ? 'error' : undefined}
        onChange={(e) => f.onType(e.target.value)}
        data-testid={testId}
        after={
          <ScanButton
            prompt={f.prompt}
            onScanned={(text) => form.scanned(name, text)}
            testId={`scan-${testId}`}
          />
        }
      />
      <ScanProblem text={form.scanProblemAt(name)} testId={`scan-problem-${name}`} />
      {field(name, message(name))}
    </>
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
          {!manual &&
            scanField(
              'from_address',
              {
                label: t('topUp.form.fromAddress'),
                placeholder: t('topUp.form.fromAddressPlaceholder'),
                prompt: t('scan.addressPrompt'),
                value: form.fromAddress,
                onType: form.typeFromAddress,
              },
              'from-address',
            )}
          <EvidencePicker
            value={form.evidence}
            onChange={form.setEvidence}
            hint={manual ? t('topUp.form.receiptHint') : t('topUp.form.evidenceHint')}
            error={message('evidence')}
          />
          {!manual &&
            scanField(
              'tx_hash',
              {
                label: t('topUp.form.txHash'),
                prompt: t('scan.hashPrompt'),
                value: form.txHash,
                onType: form.typeTxHash,
              },
              'tx-hash',
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

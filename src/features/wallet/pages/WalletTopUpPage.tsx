import { Button, List, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../../common/paths';
import { hashInQr, readScannedAddress } from '../../../../common/qr-scan';
import { errorText } from '../../../api/error-text';
import { createIntent } from '../../../api/idempotency';
import { invalidateEndpoints } from '../../../api/query-client';
import { ErrorState } from '../../../components/ErrorState';
import { Field } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useMoney } from '../../../i18n/use-money';
import { haptic } from '../../../telegram/buttons';
import { useClosingConfirmation } from '../../../telegram/closing';
import { AFTER_TOP_UP, walletApi, type BankDetails, type Network } from '../api';
import { BankAccount } from '../components/BankAccount';
import { DepositAddress } from '../components/DepositAddress';
import { EvidencePicker, FieldMessage } from '../components/EvidencePicker';
import { NetworkSelect } from '../components/NetworkSelect';
import { addressScanProblem, ScanButton, ScanProblem } from '../components/ScanButton';
import { checkTopUp, type FieldErrors, type TopUpField, type TopUpValues } from '../lib/topup-form';
import { useErrorText } from '../lib/use-error-text';
import { useBlockchain } from '../use-blockchain';
import { Placeholder } from '../../../components/Placeholder';
import '../wallet.css';
import '../topup.css';

interface Done {
  id: number;
  amount: string;
}

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
  const [done, setDone] = useState<Done>();

  let body: ReactNode;
  if (done) body = <Submitted done={done} />;
  else if (info.isError)
    body = (
      <ErrorState
        className="wallet-state"
        message={errorText(info.error)}
        onRetry={() => void info.refetch()}
      />
    );
  else if (!info.data)
    body = (
      <Placeholder>
        <Spinner size="m" />
      </Placeholder>
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
  onDone: (done: Done) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { manual, networks } = props;
  // One network needs no choosing; with several the shopper picks (the message says so if not).
  const [networkId, setNetworkId] = useState<number | undefined>(
    !manual && networks.length === 1 ? networks[0].id : undefined,
  );
  const [amount, setAmount] = useState('');
  const [fromAddress, setFromAddress] = useState('');
  const [txHash, setTxHash] = useState('');
  const [evidence, setEvidence] = useState<string>();
  // Why the last code scanned into a field filled nothing; gone at its next keystroke or scan.
  const [scanProblem, setScanProblem] = useState<{ field: 'from_address' | 'tx_hash'; text: string }>();
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [intent] = useState(createIntent);
  useClosingConfirmation(Boolean(amount || fromAddress || evidence));

  const network = networks.find((n) => n.id === networkId);
  const values: TopUpValues = manual
    ? { type: 'manual', amount, evidence }
    : { type: 'chain', amount, network_id: networkId, from_address: fromAddress, tx_hash: txHash, evidence };
  const limits = network ? { min: network.minRecharge, max: props.limits.max } : props.limits;
  // Problems show once the shopper has tried to submit, and then follow every change.
  const errors: FieldErrors = checked ? checkTopUp(values, limits) : {};
  const fieldText = useErrorText();
  const message = (field: TopUpField) => fieldText(errors[field]);

  const submit = async () => {
    if (sending) return;
    setChecked(true);
    const problems = checkTopUp(values, limits);
    if (Object.keys(problems).length > 0) {
      haptic.error();
      return;
    }
    setSending(true);
    try {
      const answer = await intent.run(values, (key) => walletApi.recharge(values, key));
      haptic.success();
      void invalidateEndpoints(client, AFTER_TOP_UP);
      props.onDone({ id: answer.id, amount: answer.amount });
    } catch {
      // The API layer has toasted why (below the minimum, hash already used...); nothing changed.
      haptic.error();
    } finally {
      setSending(false);
    }
  };

  const field = (name: TopUpField, text: string | undefined) =>
    text ? <FieldMessage field={name} text={text} /> : null;

  const scanFailed = (name: 'from_address' | 'tx_hash', text: string) => {
    haptic.error();
    setScanProblem({ field: name, text });
  };
  const scanned = (name: 'from_address' | 'tx_hash', text: string) => {
    if (name === 'tx_hash') {
      const hash = hashInQr(text);
      if (hash === undefined) return scanFailed(name, t('scan.notHash'));
      haptic.success();
      setScanProblem(undefined);
      return setTxHash(hash);
    }
    const read = readScannedAddress(text, network, networks);
    if ('problem' in read) return scanFailed(name, addressScanProblem(t, read, network?.name ?? ''));
    haptic.success();
    setScanProblem(undefined);
    if (read.network) setNetworkId(read.network.id);
    setFromAddress(read.address);
  };
  const scanProblemOf = (name: 'from_address' | 'tx_hash') => (
    <ScanProblem
      text={scanProblem?.field === name ? scanProblem.text : undefined}
      testId={`scan-problem-${name}`}
    />
  );

  return (
    <Page
      className="topup-page"
      main={{ text: t('topUp.form.submit'), onClick: () => void submit(), loading: sending }}
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
              value={networkId}
              onChange={setNetworkId}
              error={message('network_id')}
            />
            {network && <DepositAddress network={network} />}
          </Section>
        )}
        <Section>
          <Field
            label={t('topUp.form.amount')}
            name="amount"
            inputMode="decimal"
            placeholder={limits.min}
            value={amount}
            status={errors.amount ? 'error' : undefined}
            onChange={(e) => setAmount(e.target.value)}
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
                value={fromAddress}
                status={errors.from_address ? 'error' : undefined}
                onChange={(e) => {
                  setScanProblem(undefined);
                  setFromAddress(e.target.value);
                }}
                data-testid="from-address"
                after={
                  <ScanButton
                    prompt={t('scan.addressPrompt')}
                    onScanned={(text) => scanned('from_address', text)}
                    testId="scan-from-address"
                  />
                }
              />
              {scanProblemOf('from_address')}
              {field('from_address', message('from_address'))}
            </>
          )}
          <EvidencePicker
            value={evidence}
            onChange={setEvidence}
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
                value={txHash}
                status={errors.tx_hash ? 'error' : undefined}
                onChange={(e) => {
                  setScanProblem(undefined);
                  setTxHash(e.target.value);
                }}
                data-testid="tx-hash"
                after={
                  <ScanButton
                    prompt={t('scan.hashPrompt')}
                    onScanned={(text) => scanned('tx_hash', text)}
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
function Submitted({ done }: { done: Done }) {
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

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hashInQr, readScannedAddress } from '@common/qr-scan';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { haptic } from '@app/telegram/buttons';
import { useClosingConfirmation } from '@app/telegram/closing';
import { AFTER_TOP_UP, type Network } from '../api';
import { addressScanProblem } from '../components/ScanButton';
import type { FieldErrors, TopUpField, TopUpValues } from './topup-form';
import { useTopUpCheck } from './use-topup-check';
import { useErrorText } from './use-error-text';

/** A top-up the server took: its record and amount. */
export interface TopUpDone {
  id: number;
  amount: string;
}

/** A field a scanned code can fill. */
export type ScanField = 'from_address' | 'tx_hash';

/**
 * The top-up form's state and its handlers: the fields, a scanned code read into the sending
 * address (which may choose the network) or the transaction hash, the checks once the shopper has
 * tried to submit, and the submit itself, sent once per intent (Idempotency-Key). Closing the Mini
 * App asks first once something has been filled in.
 */
export function useTopUpForm(props: {
  manual: boolean;
  networks: Network[];
  limits: { min: string; max: string };
  onDone: (done: TopUpDone) => void;
}) {
  const { t } = useTranslation();
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
  const [scanProblem, setScanProblem] = useState<{ field: ScanField; text: string }>();
  const [checked, setChecked] = useState(false);
  const checker = useTopUpCheck();
  // Sent under the hook's intent: the same key again when retried after an uncertain failure.
  const recharging = useEndpointMutation('wallet.recharge', {
    invalidates: AFTER_TOP_UP,
    // Refused (below the minimum, hash already used...): the API layer has toasted why.
    haptic: { success: 'success', error: true },
    onSuccess: (answer) => props.onDone({ id: answer.id, amount: answer.amount }),
  });
  const sending = recharging.busy;
  useClosingConfirmation(Boolean(amount || fromAddress || evidence));

  const network = networks.find((n) => n.id === networkId);
  const values: TopUpValues = manual
    ? { type: 'manual', amount, evidence }
    : { type: 'chain', amount, network_id: networkId, from_address: fromAddress, tx_hash: txHash, evidence };
  const limits = network ? { min: network.minRecharge, max: props.limits.max } : props.limits;
  // Problems show once the shopper has tried to submit, and then follow every change.
  const errors: FieldErrors = checked && checker.check ? checker.check(values, limits) : {};
  const fieldText = useErrorText();
  const message = (field: TopUpField) => fieldText(errors[field]);

  const submit = async () => {
    if (sending) return;
    const check = await checker.load();
    setChecked(true);
    const problems = check(values, limits);
    if (Object.keys(problems).length > 0) {
      haptic.error();
      return;
    }
    await recharging.mutate(values);
  };

  const scanFailed = (name: ScanField, text: string) => {
    haptic.error();
    setScanProblem({ field: name, text });
  };
  const scanned = (name: ScanField, text: string) => {
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

  return {
    networkId,
    setNetworkId,
    network,
    amount,
    setAmount,
    fromAddress,
    /** Typing into the sending address drops the last scan's problem. */
    typeFromAddress: (value: string) => {
      setScanProblem(undefined);
      setFromAddress(value);
    },
    txHash,
    /** Typing into the transaction hash drops the last scan's problem. */
    typeTxHash: (value: string) => {
      setScanProblem(undefined);
      setTxHash(value);
    },
    evidence,
    setEvidence,
    limits,
    errors,
    message,
    sending,
    submit,
    scanned,
    /** Why the last code scanned into `name` filled nothing, if it did not. */
    scanProblemAt: (name: ScanField) => (scanProblem?.field === name ? scanProblem.text : undefined),
  };
}

import { Section, Select } from '@telegram-apps/telegram-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readScannedAddress } from '@common/qr-scan';
import { Field } from '@app/components/Field';
import { haptic } from '@app/telegram/buttons';
import type { NetworkItem } from '../api';
import type { FormField, Problems, WithdrawForm } from '../lib/withdraw-form';
import { FieldProblem } from './FieldProblem';
import { addressScanProblem, ScanButton, ScanProblem } from './ScanButton';

interface DestinationFieldsProps {
  form: WithdrawForm;
  networks: NetworkItem[];
  problems: Problems;
  set: (field: keyof WithdrawForm, value: string | number | null) => void;
  /** A field was left: its problem shows from now on. */
  touch: (field: FormField) => void;
}

/** A new destination: the bank, the holder and the card number, or the network and the address. */
export function DestinationFields({ form, networks, problems, set, touch }: DestinationFieldsProps) {
  const { t } = useTranslation();
  const networkId = useId();
  // Why the last scanned code filled nothing; gone at the next keystroke or scan.
  const [scanProblem, setScanProblem] = useState<string>();
  const input = (field: 'bankName' | 'holder' | 'cardNumber' | 'address') => ({
    name: field,
    value: form[field],
    status: problems[field] ? ('error' as const) : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (field === 'address') setScanProblem(undefined);
      set(field, e.target.value);
    },
    onBlur: () => touch(field),
  });

  /** A scanned code fills the address only when it is one on the chosen network (or picks it). */
  const scanned = (text: string) => {
    const chosen = networks.find((n) => n.id === form.networkId);
    const read = readScannedAddress(text, chosen, networks);
    if ('problem' in read) {
      haptic.error();
      setScanProblem(addressScanProblem(t, read, chosen?.name ?? ''));
      return;
    }
    haptic.success();
    setScanProblem(undefined);
    if (read.network) set('networkId', read.network.id);
    set('address', read.address);
    touch('address');
  };

  if (form.type === 'bank') {
    return (
      <Section header={t('withdraw.newCard')}>
        <Field
          label={t('withdraw.bankName')}
          placeholder={t('withdraw.bankNamePlaceholder')}
          maxLength={64}
          autoComplete="off"
          {...input('bankName')}
        />
        <FieldProblem problem={problems.bankName} testId="problem-bankName" />
        <Field
          label={t('withdraw.holder')}
          placeholder={t('withdraw.holderPlaceholder')}
          maxLength={64}
          autoComplete="cc-name"
          {...input('holder')}
        />
        <FieldProblem problem={problems.holder} testId="problem-holder" />
        <Field
          label={t('withdraw.cardNumber')}
          placeholder="0000 0000 0000 0000"
          inputMode="numeric"
          maxLength={40}
          autoComplete="cc-number"
          {...input('cardNumber')}
        />
        <FieldProblem problem={problems.cardNumber} testId="problem-cardNumber" />
      </Section>
    );
  }
  return (
    <Section header={t('withdraw.newAddress')}>
      <div className="field">
        <label className="field__label" htmlFor={networkId}>
          {t('withdraw.network')}
        </label>
        <Select
          className="field__box"
          id={networkId}
          name="networkId"
          value={form.networkId ?? ''}
          status={problems.networkId ? 'error' : undefined}
          onChange={(e) => {
            set('networkId', e.target.value ? Number(e.target.value) : null);
            touch('networkId');
          }}
          data-testid="network-select"
        >
          <option value="">{t('withdraw.chooseNetwork')}</option>
          {networks.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </Select>
      </div>
      <FieldProblem problem={problems.networkId} testId="problem-networkId" />
      <Field
        label={t('withdraw.address')}
        placeholder={t('withdraw.addressPlaceholder')}
        maxLength={128}
        autoComplete="off"
        spellCheck={false}
        {...input('address')}
        after={<ScanButton prompt={t('scan.addressPrompt')} onScanned={scanned} testId="scan-address" />}
      />
      <ScanProblem text={scanProblem} testId="scan-problem-address" />
      <FieldProblem problem={problems.address} testId="problem-address" />
    </Section>
  );
}

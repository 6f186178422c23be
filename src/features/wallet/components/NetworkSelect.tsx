import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Network } from '../api';
import { FieldMessage } from './EvidencePicker';

/** The network to top up on; nothing chosen at first when there are several. */
export function NetworkSelect(props: {
  networks: Network[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('topUp.form.network')}
      </label>
      <select
        id={id}
        className={`topup-select${props.error ? ' topup-select--error' : ''}`}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value ? Number(e.target.value) : undefined)}
        data-testid="network"
      >
        <option value="">{t('topUp.form.chooseNetwork')}</option>
        {props.networks.map((n) => (
          <option key={n.id} value={n.id}>
            {n.name}
          </option>
        ))}
      </select>
      {props.error && <FieldMessage field="network_id" text={props.error} />}
    </div>
  );
}

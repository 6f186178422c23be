import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { COPY_TEXT, copyText } from '@app/components/copy';
import { toast } from '@app/components/toast-store';
import { useMoney } from '@app/i18n/use-money';
import type { Network } from '../api';
import { QrCode } from './QrCode';

/** Where to send: the network's deposit address as a QR code and as text with a copy button, and its minimum. */
export function DepositAddress({ network }: { network: Network }) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const copy = async () => toast.show(t(COPY_TEXT[await copyText(network.depositAddress)]));
  return (
    <div className="topup-deposit" data-testid="deposit">
      <div className="field__label">{t('topUp.form.depositAddress')}</div>
      <QrCode text={network.depositAddress} label={t('topUp.form.qr')} />
      <div className="topup-deposit__row">
        <code className="topup-deposit__address identifier" data-testid="deposit-address">
          {network.depositAddress}
        </code>
        <Button size="s" mode="bezeled" onClick={() => void copy()} data-testid="copy-address">
          {t('topUp.form.copy')}
        </Button>
      </div>
      <p className="topup-hint" data-testid="network-min">
        {t('topUp.form.min', { min: formatMoney(network.minRecharge) })}
      </p>
    </div>
  );
}

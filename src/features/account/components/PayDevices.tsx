import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { PayDevice } from '@common/schemas/user';
import { call } from '@app/api/call';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { useLoad } from '@app/api/use-load';
import { toast } from '@app/components/toast-store';
import { biometricDevice, forgetBiometricCredential } from '@app/telegram/biometry';
import { confirmAction } from '@app/telegram/confirm';

const PLATFORMS: Record<string, string> = {
  ios: 'iOS',
  android: 'Android',
  android_x: 'Android',
  macos: 'macOS',
  tdesktop: 'Desktop',
  web: 'Web',
  weba: 'Web',
  webk: 'Web',
};

/** "face ios" (src/telegram/biometry.ts names a device so) as "Face ID · iOS" in the shopper's language. */
function useDeviceName() {
  const { t } = useTranslation();
  return (label: string) => {
    const [kind, platform = ''] = label.split(' ');
    const known = kind === 'face' || kind === 'finger' ? kind : 'unknown';
    const name = t(`security.bioKind.${known}`);
    return platform ? `${name} · ${PLATFORMS[platform] ?? platform}` : name;
  };
}

/**
 * /security's list of devices that pay with Face ID or a fingerprint (src/telegram/biometry.ts),
 * each with when it last paid and a way to remove it; nothing when there are none.
 */
export function PayDevices() {
  const { t, i18n } = useTranslation();
  const devices = useLoad('user.payDevices', {}, () => call('user.payDevices', {}), { fresh: true });
  const nameOf = useDeviceName();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const removing = useEndpointMutation('user.removePayDevice', {
    run: async (send, device: PayDevice) => {
      await send({ id: device.id });
      // This phone removed: it forgets its credential too (another phone finds out when the server
      // refuses its credential, and then forgets it).
      if (device.deviceId === (await biometricDevice())?.deviceId) await forgetBiometricCredential();
      toast.success(t('security.biometricRemoved'));
      await devices.reload();
    },
  });
  const busy = removing.busy;
  const remove = async (device: PayDevice) => {
    if (busy || !(await confirmAction(t('security.bioRemoveConfirm'), t('security.bioRemove')))) return;
    await removing.mutate(device);
  };

  if (!devices.data?.length) return null;
  return (
    <Section header={t('security.bioTitle')} footer={t('security.bioHint')} data-testid="pay-devices">
      {devices.data.map((d) => (
        <Cell
          key={d.id}
          multiline
          subtitle={
            d.lastUsedAt ? t('security.bioUsed', { date: when(d.lastUsedAt) }) : t('security.bioNotUsed')
          }
          after={
            <Button
              size="s"
              mode="gray"
              disabled={busy}
              onClick={() => void remove(d)}
              data-testid={`pay-device-remove-${d.id}`}
            >
              {t('security.bioRemove')}
            </Button>
          }
        >
          {nameOf(d.label)}
        </Cell>
      ))}
    </Section>
  );
}

import { biometry } from '@telegram-apps/sdk-react';
import { call } from '../api/call';
import { t } from '../i18n';
import { tgEnv } from './env';

/**
 * Paying with Face ID or a fingerprint (Telegram's biometric manager, Mini Apps 7.2). The server
 * issues a device a credential once the shopper has proved the payment password
 * (server/modules/user/pay-devices.ts); the client keeps it in the phone's biometric storage
 * (`updateToken`), and a payment asks the face or finger for it (`authenticate`) instead of the six
 * digits. Where the client lacks the method, the phone has no biometrics, or the shopper refuses,
 * every function answers "no" and the keypad stays. None of them throws.
 */
export type BiometricKind = 'face' | 'finger' | 'unknown';

export interface BiometricDevice {
  kind: BiometricKind;
  deviceId: string;
  /** A credential is kept behind the biometrics on this device. */
  saved: boolean;
}

/** What the phone offers, after mounting the manager; undefined where there is nothing to use. */
export async function biometricDevice(): Promise<BiometricDevice | undefined> {
  try {
    if (!tgEnv.inTelegram || !biometry.mount.isAvailable()) return undefined;
    // Asked afresh each time: what the manager learnt at its mount is not updated when a token is
    // saved (updateToken), so a second payment in one launch would read a stale "nothing saved".
    if (biometry.isMounted()) biometry.unmount();
    await biometry.mount(undefined);
    const state = biometry.state();
    if (!state?.available) return undefined;
    const kind: BiometricKind = state.type === 'face' || state.type === 'finger' ? state.type : 'unknown';
    return { kind, deviceId: state.deviceId, saved: state.tokenSaved && state.accessGranted };
  } catch {
    return undefined;
  }
}

/** The credential the face or finger releases; undefined when refused, failed or missing. */
export async function biometricCredential(): Promise<string | undefined> {
  try {
    const { status, token } = await biometry.authenticate({ reason: t('payment.bioReason') });
    return status === 'authorized' && token ? token : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the credential on this device (the server refused it, or the shopper removed the device). */
export async function forgetBiometricCredential(): Promise<void> {
  try {
    await biometry.updateToken({ token: '' });
  } catch {
    // Nothing kept, or no biometrics: nothing to forget.
  }
}

/**
 * After a payment with the password: asks the phone for biometric access (the client's own
 * question), then the server for this device's credential with the password just used, and keeps
 * it behind the biometrics. Answers whether the next payment can use them.
 */
export async function enableBiometricPay(device: BiometricDevice, password: string): Promise<boolean> {
  try {
    if (!(await biometry.requestAccess({ reason: t('payment.bioReason') }))) return false;
    const { credential } = await call(
      'user.addPayDevice',
      { password_pay: password, device_id: device.deviceId, label: `${device.kind} ${tgEnv.platform}` },
      { showError: false },
    );
    return (await biometry.updateToken({ token: credential, reason: t('payment.bioReason') })) === 'updated';
  } catch {
    return false;
  }
}

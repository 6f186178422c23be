import { IconButton } from '@telegram-apps/telegram-ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AddressScan } from '@common/qr-scan';
import { canScanQr, scanQr } from '@app/telegram/native';

/** The QR scanner's own icon: the corners of a frame and a code in it. */
const QrIcon = () => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M3 8V4h4M17 4h4v4M21 16v4h-4M7 20H3v-4" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M8 8h3v3H8zM13 13h3v3h-3zM13 8h3M8 16h3" strokeLinejoin="round" />
  </svg>
);

interface ScanButtonProps {
  /** Over the camera: what to point it at. */
  prompt: string;
  /** The code's text, as read; the page checks it before it fills a field. */
  onScanned: (text: string) => void;
  testId: string;
}

/**
 * Scans a QR code into a field with Telegram's scanner (Mini Apps 6.4); nothing where the client
 * has no scanner (a browser, an older client), where the field is typed as before.
 */
export function ScanButton({ prompt, onScanned, testId }: ScanButtonProps) {
  const { t } = useTranslation();
  if (!canScanQr()) return null;
  return (
    <IconButton
      type="button"
      size="s"
      mode="plain"
      aria-label={t('scan.button')}
      data-testid={testId}
      onClick={() => {
        void scanQr(prompt).then((text) => {
          if (text !== undefined) onScanned(text);
        });
      }}
    >
      <QrIcon />
    </IconButton>
  );
}

/** Why a scanned code filled nothing, under its field until the next scan or keystroke. */
export function ScanProblem({ text, testId }: { text?: string; testId: string }) {
  if (!text) return null;
  return (
    <p className="field-error" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}

/** What a scanned code that holds no usable address says, naming the network chosen (or the other). */
export function addressScanProblem(
  t: TFunction,
  read: Exclude<AddressScan<{ name: string; addressPattern: string | null }>, { address: string }>,
  chosen: string,
): string {
  if (read.problem === 'otherNetwork') return t('scan.otherNetwork', { network: read.network.name, chosen });
  return t(read.problem === 'notAddress' ? 'scan.notAddress' : 'scan.notOnNetwork', { chosen });
}

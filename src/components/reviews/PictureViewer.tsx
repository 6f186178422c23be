import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** A picture full size over the screen; a tap anywhere or Escape closes it. */
export function PictureViewer({ src, onClose }: { src: string; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div
      className="picture-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('review.picture')}
      onClick={onClose}
      data-testid="picture-viewer"
    >
      <img src={src} alt={t('review.picture')} />
      <button type="button" className="picture-viewer__close" aria-label={t('review.close')}>
        ×
      </button>
    </div>,
    document.body,
  );
}

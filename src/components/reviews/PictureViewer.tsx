import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { enterFullscreen, exitFullscreen } from '../../telegram/native';
import { useSnapIndex } from '../use-snap-index';

/**
 * Pictures full size over the screen, from picture `start`: swipe sideways between them (scroll
 * snap), a counter, and a tap on a picture, the close button, Escape or leaving the page closes
 * it. Inside Telegram (Mini Apps 8.0) the app goes full screen meanwhile (`requestFullscreen`) and
 * back when it closes; elsewhere it fills the app's own screen.
 */
export function PictureViewer({
  pictures,
  start = 0,
  label,
  onClose,
}: {
  pictures: readonly string[];
  start?: number;
  /** The dialog's name for screen readers. */
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const total = pictures.length;
  const { track, index, onScroll } = useSnapIndex(total, start);

  const location = useLocation();
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== openedAt.current) onClose();
  }, [location.key, onClose]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => {
    const entered = enterFullscreen();
    return () => {
      if (entered) exitFullscreen();
    };
  }, []);

  return createPortal(
    <div
      className="picture-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      data-testid="picture-viewer"
    >
      <div className="picture-viewer__track" ref={track} onScroll={onScroll} tabIndex={0}>
        {pictures.map((src, i) => (
          <div
            key={src}
            className="picture-viewer__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('product.imageOf', { index: i + 1, total })}
            onClick={onClose}
          >
            <img src={src} alt="" />
          </div>
        ))}
      </div>
      {total > 1 && (
        <span className="picture-viewer__counter" aria-live="polite" data-testid="picture-viewer-counter">
          {index + 1}/{total}
        </span>
      )}
      <button
        type="button"
        className="picture-viewer__close"
        aria-label={t('review.close')}
        onClick={onClose}
      >
        ×
      </button>
    </div>,
    document.body,
  );
}

import { Spinner } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MAX_REVIEW_PICS } from '@common/review';
import { uploadPreview } from '@app/api/user';
import { usePicturePicker } from '@app/components/use-picture-picker';

/**
 * Up to six pictures for a review: each chosen file is uploaded at once (the server checks and
 * re-encodes it) and shown as a preview with a remove button. A refused file is toasted by the
 * API layer and left out.
 */
export function PicturePicker({ pics, onChange }: { pics: string[]; onChange: (pics: string[]) => void }) {
  const { t } = useTranslation();
  const { input, uploading, pick, room } = usePicturePicker(pics, onChange, MAX_REVIEW_PICS);

  return (
    <div className="pic-picker">
      <p className="pic-picker__label">{t('review.pictures', { n: pics.length, max: MAX_REVIEW_PICS })}</p>
      <div className="pic-picker__grid">
        {pics.map((pic, i) => (
          <span key={pic} className="pic-picker__item" data-testid="pic-preview">
            <img src={uploadPreview(pic)} alt={t('review.openPicture', { n: i + 1 })} />
            <button
              type="button"
              className="pic-picker__remove"
              aria-label={t('review.removePicture', { n: i + 1 })}
              onClick={() => onChange(pics.filter((p) => p !== pic))}
              data-testid="pic-remove"
            >
              ×
            </button>
          </span>
        ))}
        {room > 0 && (
          <button
            type="button"
            className="pic-picker__add"
            disabled={uploading}
            aria-busy={uploading}
            onClick={() => input.current?.click()}
            data-testid="pic-add"
          >
            {uploading ? (
              <Spinner size="s" />
            ) : (
              <>
                <span className="pic-picker__plus" aria-hidden="true">
                  +
                </span>
                <span>{t('review.addPicture')}</span>
              </>
            )}
          </button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        multiple
        hidden
        onChange={(e) => void pick(e)}
        data-testid="pic-input"
      />
    </div>
  );
}

import { Spinner } from '@telegram-apps/telegram-ui';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REVIEW_PICS } from '@common/review';
import { uploadPreview } from '@app/api/user';
import { reviewApi } from '../api';

/**
 * Up to six pictures for a review: each chosen file is uploaded at once (the server checks and
 * re-encodes it) and shown as a preview with a remove button. A refused file is toasted by the
 * API layer and left out.
 */
export function PicturePicker({ pics, onChange }: { pics: string[]; onChange: (pics: string[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const room = MAX_REVIEW_PICS - pics.length;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []).slice(0, room);
    e.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    const added: string[] = [];
    for (const file of files) {
      try {
        added.push((await reviewApi.upload(file)).url);
      } catch {
        // Toasted by the API layer (not a picture, too large...); the others still go.
      }
    }
    setUploading(false);
    onChange([...pics, ...added]);
  };

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
        onChange={(e) => void choose(e)}
        data-testid="pic-input"
      />
    </div>
  );
}

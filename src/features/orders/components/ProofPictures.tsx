import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { REFUND_IMAGES } from '@common/refund';
import { uploadPreview } from '@app/api/user';
import { usePicturePicker } from '@app/components/use-picture-picker';

/**
 * Up to six proof pictures: each is uploaded as it is picked (POST /api/upload), shown as a
 * preview, and can be removed before the request is sent. `value` holds the upload addresses.
 */
export function ProofPictures({ value, onChange }: { value: string[]; onChange: (urls: string[]) => void }) {
  const { t } = useTranslation();
  const { input, uploading, pick, room } = usePicturePicker(value, onChange, REFUND_IMAGES.max);

  return (
    <div className="proof-pictures" data-testid="proof-pictures">
      {value.map((url, i) => (
        <figure key={url} className="proof-pictures__item">
          <img src={uploadPreview(url)} alt="" data-testid="proof-preview" />
          <button
            type="button"
            className="proof-pictures__remove"
            aria-label={t('refund.removePicture')}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
            data-testid="proof-remove"
          >
            ×
          </button>
        </figure>
      ))}
      {room > 0 && (
        <Button
          size="s"
          mode="bezeled"
          className="proof-pictures__add"
          loading={uploading}
          disabled={uploading}
          onClick={() => input.current?.click()}
        >
          {uploading ? t('refund.uploading') : t('refund.addPicture')}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(e) => void pick(e)}
        data-testid="proof-input"
      />
    </div>
  );
}

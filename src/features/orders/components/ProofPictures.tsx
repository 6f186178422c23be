import { Button } from '@telegram-apps/telegram-ui';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_IMAGES } from '@common/refund';
import { uploadPreview, userApi } from '@app/api/user';

/**
 * Up to six proof pictures: each is uploaded as it is picked (POST /api/upload), shown as a
 * preview, and can be removed before the request is sent. `value` holds the upload addresses.
 */
export function ProofPictures({ value, onChange }: { value: string[]; onChange: (urls: string[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []).slice(0, REFUND_IMAGES.max - value.length);
    e.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    const added: string[] = [];
    try {
      // One at a time: the server limits the upload rate per shopper.
      for (const file of files) added.push((await userApi.upload(file)).url);
    } catch {
      // The client toasted why; the pictures that did upload are kept.
    } finally {
      setUploading(false);
      onChange([...value, ...added]);
    }
  };

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
      {value.length < REFUND_IMAGES.max && (
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

import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sizedImage } from '@common/images';
import { LazyImage } from '@app/components/LazyImage';
import { PictureViewer } from '@app/components/reviews/PictureViewer';
import { useSnapIndex } from '@app/components/use-snap-index';
import { GALLERY_WIDTH } from '@common/boot';

/** The width of a picture opened full size (a phone's screen at 3x is about 1,200 pixels wide). */
const FULL_WIDTH = 1200;

/**
 * The product pictures: swipe sideways (scroll snap), a counter, thumbnails to jump; a tap opens
 * them full size (inside Telegram on the whole screen), to swipe through there.
 */
export function Gallery({ images, title }: { images: readonly string[]; title: string }) {
  const { t } = useTranslation();
  const total = images.length;
  const { track, index, setIndex, onScroll } = useSnapIndex(total);
  const [viewing, setViewing] = useState<number | null>(null);
  const closeViewer = useCallback(() => setViewing(null), []);
  const fullSize = useMemo(() => images.map((src) => sizedImage(src, FULL_WIDTH)), [images]);

  const show = (i: number) => {
    const el = track.current;
    el?.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
    setIndex(i);
  };

  if (total === 0) return <div className="gallery gallery--empty lazy-image" aria-hidden="true" />;
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={title}>
      {/* Focusable, so that a keyboard scrolls it too; each slide a group, as a carousel's slide is. */}
      <div
        className="gallery__track"
        ref={track}
        onScroll={onScroll}
        tabIndex={0}
        data-testid="detail-gallery"
      >
        {images.map((src, i) => (
          <div
            key={src}
            className="gallery__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('product.imageOf', { index: i + 1, total })}
          >
            <button
              type="button"
              className="gallery__open"
              aria-label={t('review.openPicture', { n: i + 1 })}
              onClick={() => setViewing(i)}
              data-testid="gallery-open"
            >
              <LazyImage
                src={sizedImage(src, GALLERY_WIDTH)}
                alt={i === 0 ? title : ''}
                width={GALLERY_WIDTH}
                height={GALLERY_WIDTH}
                eager={i === 0}
              />
            </button>
          </div>
        ))}
      </div>
      {total > 1 && (
        <>
          <span className="gallery__counter" aria-hidden="true">
            {index + 1}/{total}
          </span>
          <div className="gallery__thumbs">
            {images.map((src, i) => (
              <button
                key={src}
                type="button"
                className="gallery__thumb"
                aria-current={i === index}
                aria-label={t('product.imageOf', { index: i + 1, total })}
                onClick={() => show(i)}
              >
                <LazyImage src={sizedImage(src, 240)} alt="" width={240} height={240} />
              </button>
            ))}
          </div>
        </>
      )}
      {viewing !== null && (
        <PictureViewer pictures={fullSize} start={viewing} label={title} onClose={closeViewer} />
      )}
    </section>
  );
}

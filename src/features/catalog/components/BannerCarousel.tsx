import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BANNER_BOX, BANNER_WIDTH } from '@common/boot';
import type { BannerItem } from '@common/schemas/catalog-answers';
import { sizedImage } from '@common/images';
import { LazyImage } from '@app/components/LazyImage';
import { openExternal } from '@app/telegram/open-link';
import { wordBreaks } from '@app/i18n/word-breaks';

const ADVANCE_MS = 5000;

/**
 * The home banners: swipe sideways, advancing by themselves every few seconds while the carousel
 * is on screen and untouched. A tap opens the banner's route (or an outside address).
 */
export function BannerCarousel({ banners }: { banners: readonly BannerItem[] }) {
  const navigate = useNavigate();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const touched = useRef(0);

  useEffect(() => {
    if (banners.length < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      // Hidden (a kept-alive screen in the background), off screen or just swiped: wait.
      if (!el || !el.offsetParent || Date.now() - touched.current < ADVANCE_MS) return;
      if (document.visibilityState !== 'visible' || el.getBoundingClientRect().bottom < 0) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % banners.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, ADVANCE_MS);
    return () => clearInterval(timer);
  }, [banners.length]);

  const open = (link: string) => {
    if (/^https?:\/\//.test(link)) openExternal(link);
    else if (link.startsWith('/')) navigate(link);
  };

  return (
    <section className="banners" aria-roledescription="carousel">
      <div
        className="banners__track"
        ref={track}
        onPointerDown={() => (touched.current = Date.now())}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className="banners__slide"
            onClick={() => open(b.link)}
            data-testid={`banner-${b.id}`}
          >
            {/* The picture has no words: the title, in the shopper's language, is written over its left
                part, and names the button (a name of its own would differ from it by the Thai word breaks). */}
            <LazyImage
              src={sizedImage(b.image, BANNER_WIDTH)}
              alt=""
              width={BANNER_BOX.width}
              height={BANNER_BOX.height}
              eager={i === 0}
            />
            <span className="banners__title">
              <span className="banners__text">{wordBreaks(b.title)}</span>
            </span>
          </button>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="banners__dots" aria-hidden="true">
          {banners.map((b, i) => (
            <span key={b.id} className={i === index ? 'is-active' : ''} />
          ))}
        </div>
      )}
    </section>
  );
}

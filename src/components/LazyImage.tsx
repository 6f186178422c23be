import { useEffect, useRef, useState } from 'react';

/** Lazy images: loaded when near the viewport, retried 3 times, remembered (200 most recent). */
export const IMAGE_RETRIES = 3;
export const IMAGE_CACHE_SIZE = 200;

const loaded = new Map<string, true>();

/** Remembers a loaded URL, forgetting the oldest past the cache size (Map keeps insertion order). */
export function rememberImage(src: string) {
  loaded.delete(src);
  loaded.set(src, true);
  while (loaded.size > IMAGE_CACHE_SIZE) loaded.delete(loaded.keys().next().value as string);
}
export const isImageCached = (src: string) => loaded.has(src);
export const imageCacheSize = () => loaded.size;

interface LazyImageProps {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  className?: string;
  /** Above the fold on the first screen (the largest paint): asked for at once, no visibility wait. */
  eager?: boolean;
}

export function LazyImage({ src, alt, width, height, className, eager = false }: LazyImageProps) {
  const [visible, setVisible] = useState(() => eager || isImageCached(src));
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'done' | 'failed'>(isImageCached(src) ? 'done' : 'loading');
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (visible || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    const observer = new IntersectionObserver((e) => e[0]?.isIntersecting && setVisible(true), {
      rootMargin: '200px',
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible]);

  const url = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  return (
    <span
      ref={ref}
      className={`lazy-image lazy-image--${state} ${className ?? ''}`}
      style={{ aspectRatio: width && height ? `${width}/${height}` : undefined }}
    >
      {visible && state !== 'failed' && (
        <img
          src={url}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={() => {
            rememberImage(src);
            setState('done');
          }}
          onError={() => (attempt < IMAGE_RETRIES ? setAttempt(attempt + 1) : setState('failed'))}
        />
      )}
    </span>
  );
}

import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/** Lazy images are retried 3 times; 200 images are remembered. */
const lazyImage = () => import('../../src/components/LazyImage');

describe('lazy image: cache of loaded images', () => {
  it('remembers at most 200 URLs, forgetting the oldest first', async () => {
    const { imageCacheSize, isImageCached, rememberImage } = await lazyImage();
    for (let i = 1; i <= 201; i += 1) rememberImage(`/img/${i}.jpg`);
    expect(imageCacheSize()).toBe(200);
    expect(isImageCached('/img/1.jpg')).toBe(false);
    expect(isImageCached('/img/2.jpg')).toBe(true);
    expect(isImageCached('/img/201.jpg')).toBe(true);
  });

  it('an image seen again becomes the most recent', async () => {
    const { isImageCached, rememberImage } = await lazyImage();
    for (let i = 1; i <= 200; i += 1) rememberImage(`/img/${i}.jpg`);
    rememberImage('/img/1.jpg');
    rememberImage('/img/new.jpg');
    expect(isImageCached('/img/1.jpg')).toBe(true);
    expect(isImageCached('/img/2.jpg')).toBe(false);
  });

  it('a loaded image is remembered', async () => {
    const { LazyImage, isImageCached } = await lazyImage();
    const { container } = render(<LazyImage src="/img/shoe.jpg" alt="Shoe" />);
    fireEvent.load(container.querySelector('img') as HTMLImageElement);
    expect(isImageCached('/img/shoe.jpg')).toBe(true);
    expect(container.querySelector('.lazy-image--done')).not.toBeNull();
  });
});

describe('lazy image: retries', () => {
  it('retries a failing image 3 times, then shows the failed state', async () => {
    const { LazyImage, isImageCached } = await lazyImage();
    const { container } = render(<LazyImage src="/img/broken.jpg" alt="Broken" />);
    const img = () => container.querySelector('img');
    const tried = [img()?.getAttribute('src')];
    for (let i = 0; i < 3; i += 1) {
      fireEvent.error(img() as HTMLImageElement);
      tried.push(img()?.getAttribute('src'));
    }
    expect(tried).toEqual([
      '/img/broken.jpg',
      '/img/broken.jpg?retry=1',
      '/img/broken.jpg?retry=2',
      '/img/broken.jpg?retry=3',
    ]);
    expect(container.querySelector('.lazy-image--failed')).toBeNull();
    fireEvent.error(img() as HTMLImageElement);
    expect(img()).toBeNull();
    expect(container.querySelector('.lazy-image--failed')).not.toBeNull();
    expect(isImageCached('/img/broken.jpg')).toBe(false);
  });

  it('a retry that loads shows the image', async () => {
    const { LazyImage } = await lazyImage();
    const { container } = render(<LazyImage src="/img/flaky.jpg?size=s" alt="Flaky" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/img/flaky.jpg?size=s&retry=1');
    fireEvent.load(img);
    expect(container.querySelector('.lazy-image--done')).not.toBeNull();
  });
});

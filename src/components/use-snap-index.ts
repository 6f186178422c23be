import { useEffect, useRef, useState } from 'react';

/**
 * The slide shown by a scroll-snapping track of full-width slides (a gallery, the picture viewer):
 * attach `track` and `onScroll` to the track; it opens at slide `start`, and `index` follows the
 * swipe, within 0..total-1. `setIndex` moves it by hand (a thumbnail pressed).
 */
export function useSnapIndex(total: number, start = 0) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  useEffect(() => {
    const el = track.current;
    if (start > 0 && el?.clientWidth) el.scrollLeft = start * el.clientWidth;
  }, [start]);
  const onScroll = () => {
    const el = track.current;
    if (!el?.clientWidth) return;
    const next = Math.max(0, Math.min(total - 1, Math.round(el.scrollLeft / el.clientWidth)));
    if (next !== index) setIndex(next);
  };
  return { track, index, setIndex, onScroll };
}

import { useEffect, useRef } from 'react';

/**
 * Marks a sideways scroller with the sides where more of it lies out of view: `data-more` holds
 * "start", "end", both or nothing. The stylesheet fades such an edge, so a chip cut at the edge of
 * the screen reads as "scroll for more", and leaves it sharp once the row has been scrolled to it.
 * Written straight onto the element (no state): scrolling re-renders nothing.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => markEdges(el);
    el.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, []);

  // The content may have changed with any render (chips loaded, another language).
  useEffect(() => {
    if (ref.current) markEdges(ref.current);
  });

  return ref;
}

function markEdges(el: HTMLElement) {
  const more: string[] = [];
  // A pixel of slack: scroll positions are fractional on high-density screens.
  if (el.scrollLeft > 1) more.push('start');
  if (el.scrollLeft + el.clientWidth < el.scrollWidth - 1) more.push('end');
  const value = more.join(' ');
  if (value) el.dataset.more = value;
  else delete el.dataset.more;
}

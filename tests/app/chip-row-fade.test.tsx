import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

/** jsdom lays nothing out: the row's sizes and scroll position are set by hand. */
function lay(row: HTMLElement, sizes: { scrollWidth: number; clientWidth: number; scrollLeft: number }) {
  for (const [name, value] of Object.entries(sizes)) {
    Object.defineProperty(row, name, { value, configurable: true });
  }
  fireEvent.scroll(row);
}

describe('a scrolling chip row fades the edges that have more chips past them', () => {
  it('nothing past either edge: no fade; then the end, both, the start as the row scrolls', async () => {
    const { CategoryChips } = await import('../../src/features/catalog/components/CategoryChips');
    const items = ['Electronics', 'Home', 'Outdoor', 'Toys'].map((name, i) => ({ id: i + 1, name }));
    const { container } = render(<CategoryChips items={items} selected={0} onSelect={() => undefined} />);
    const row = container.querySelector<HTMLElement>('.chips--scroll')!;
    expect(row.dataset.more).toBeUndefined();

    lay(row, { scrollWidth: 600, clientWidth: 300, scrollLeft: 0 });
    expect(row.dataset.more).toBe('end');
    lay(row, { scrollWidth: 600, clientWidth: 300, scrollLeft: 150 });
    expect(row.dataset.more).toBe('start end');
    lay(row, { scrollWidth: 600, clientWidth: 300, scrollLeft: 300 });
    expect(row.dataset.more).toBe('start');
    lay(row, { scrollWidth: 300, clientWidth: 300, scrollLeft: 0 });
    expect(row.dataset.more).toBeUndefined();
  });
});

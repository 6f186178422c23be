/**
 * How the home screen's categories fall into rows: as few rows as the names allow, at
 * most `most` to a row, the rows as even as possible (the fuller ones first), and never one
 * category alone on a row when there are two or more. `widths` are the items' least widths (an
 * item is never narrower than its icon or its name's longest word), `room` the width of a row and
 * `gap` the space between two items, all in CSS pixels. Answers the number of items of each row.
 *
 * Only where no split without a lone item fits at all (a name too wide to share a row) does a row
 * hold one item.
 */
export function categoryRows(widths: readonly number[], room: number, gap: number, most = 5): number[] {
  const count = widths.length;
  if (count <= 1) return count === 1 ? [1] : [];
  const fits = (from: number, size: number) =>
    widths.slice(from, from + size).reduce((sum, w) => sum + w, 0) + gap * (size - 1) <= room + 0.5;

  for (const least of [2, 1]) {
    for (let rows = Math.ceil(count / most); rows <= count; rows += 1) {
      let best: number[] | undefined;
      const spread = (sizes: number[]) => Math.max(...sizes) - Math.min(...sizes);
      const walk = (from: number, left: number, sizes: number[]) => {
        if (left === 0) {
          if (from === count && (!best || spread(sizes) < spread(best))) best = [...sizes];
          return;
        }
        const rest = count - from;
        // The fuller rows first: try the largest size a row may take before the smaller ones.
        for (let size = Math.min(most, rest - least * (left - 1)); size >= least; size -= 1) {
          if (rest - size > most * (left - 1)) break;
          if (!fits(from, size)) continue;
          sizes.push(size);
          walk(from + size, left - 1, sizes);
          sizes.pop();
        }
      };
      walk(0, rows, []);
      if (best) return best;
    }
  }
  return widths.map(() => 1);
}

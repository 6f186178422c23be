import type { ProductSpec, SpecGroup } from '@common/schemas/catalog-answers';

/**
 * The spec picker's rules, apart from React: one option per group; an option is offered only when
 * some spec in stock has it together with the options already chosen in the other groups; a full
 * choice names exactly one spec, whose price and stock the page shows.
 */
export type Selection = Readonly<Record<string, string>>;

function inStockMatching(specs: readonly ProductSpec[], selection: Selection): boolean {
  const chosen = Object.entries(selection);
  return specs.some(
    (spec) => spec.stock > 0 && chosen.every(([group, value]) => spec.options[group] === value),
  );
}

export function isOptionEnabled(
  specs: readonly ProductSpec[],
  selection: Selection,
  group: string,
  value: string,
): boolean {
  return inStockMatching(specs, { ...selection, [group]: value });
}

/** Choosing the chosen option again clears that group. */
export function toggleOption(selection: Selection, group: string, value: string): Selection {
  if (selection[group] === value) {
    const rest = { ...selection };
    delete rest[group];
    return rest;
  }
  return { ...selection, [group]: value };
}

/** The spec a complete choice names; undefined while a group is still open. */
export function chosenSpec(
  groups: readonly SpecGroup[],
  specs: readonly ProductSpec[],
  selection: Selection,
): ProductSpec | undefined {
  if (groups.length === 0 || groups.some((g) => !selection[g.key])) return undefined;
  return specs.find((spec) => groups.every((g) => spec.options[g.key] === selection[g.key]));
}

/** Groups still to choose, in display order. */
export const openGroups = (groups: readonly SpecGroup[], selection: Selection): SpecGroup[] =>
  groups.filter((g) => !selection[g.key]);

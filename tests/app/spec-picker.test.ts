import { describe, expect, it } from 'vitest';
import type { ProductSpec, SpecGroup } from '../../common/schemas/catalog-answers';
import {
  chosenSpec,
  isOptionEnabled,
  openGroups,
  toggleOption,
  type Selection,
} from '../../src/features/catalog/lib/spec-picker';

let nextId = 1;
const spec = (options: Record<string, string>, stock: number): ProductSpec => ({
  id: nextId++,
  options,
  label: Object.values(options).join(' / '),
  price: '10.00',
  stock,
});
const group = (key: string, ...values: string[]): SpecGroup => ({
  key,
  name: key,
  values: values.map((value) => ({ value, label: value })),
});

/**
 * A shirt in red and blue, sizes S, M and L: red/L is sold out, blue/S does not exist, and every
 * other pair is in stock.
 */
const SHIRT = [
  spec({ colour: 'red', size: 'S' }, 3),
  spec({ colour: 'red', size: 'M' }, 1),
  spec({ colour: 'red', size: 'L' }, 0),
  spec({ colour: 'blue', size: 'M' }, 5),
  spec({ colour: 'blue', size: 'L' }, 2),
];
const SHIRT_GROUPS = [group('colour', 'red', 'blue'), group('size', 'S', 'M', 'L')];

describe('spec picker: an option is offered only when a spec in stock has it with the other choices', () => {
  const cases: [string, Selection, string, string, boolean][] = [
    ['nothing chosen: a colour with some stock', {}, 'colour', 'red', true],
    ['nothing chosen: a size in stock in one colour', {}, 'size', 'S', true],
    ['nothing chosen: L is in stock in blue though sold out in red', {}, 'size', 'L', true],
    ['red chosen: M is in stock in red', { colour: 'red' }, 'size', 'M', true],
    ['red chosen: red/L is sold out', { colour: 'red' }, 'size', 'L', false],
    ['blue chosen: blue/S does not exist', { colour: 'blue' }, 'size', 'S', false],
    ['S chosen: blue has no S', { size: 'S' }, 'colour', 'blue', false],
    ['L chosen: red/L is sold out, so red is not offered', { size: 'L' }, 'colour', 'red', false],
    ['L chosen: blue/L is in stock', { size: 'L' }, 'colour', 'blue', true],
    // The group's own choice is replaced, not combined: switching colour is judged by size alone.
    [
      'red and M chosen: blue is offered (blue/M in stock)',
      { colour: 'red', size: 'M' },
      'colour',
      'blue',
      true,
    ],
    ['blue and L chosen: red is not (red/L sold out)', { colour: 'blue', size: 'L' }, 'colour', 'red', false],
    ['the chosen option itself stays offered', { colour: 'red', size: 'M' }, 'size', 'M', true],
    ['an unknown value is not offered', {}, 'colour', 'green', false],
    ['an unknown group is not offered', {}, 'material', 'cotton', false],
    ['a choice in an unknown group matches no spec', { material: 'cotton' }, 'colour', 'red', false],
  ];
  it.each(cases)('%s', (_name, selection, groupKey, value, offered) => {
    expect(isOptionEnabled(SHIRT, selection, groupKey, value)).toBe(offered);
  });

  it('a product whose every spec is sold out offers nothing', () => {
    const soldOut = [spec({ colour: 'red' }, 0), spec({ colour: 'blue' }, 0)];
    for (const value of ['red', 'blue']) expect(isOptionEnabled(soldOut, {}, 'colour', value)).toBe(false);
  });

  it('stock must be above zero: a negative stock is sold out', () => {
    expect(isOptionEnabled([spec({ colour: 'red' }, -1)], {}, 'colour', 'red')).toBe(false);
  });

  it('a product with no specs offers nothing', () => {
    expect(isOptionEnabled([], {}, 'colour', 'red')).toBe(false);
  });

  it('a single group: each option stands on its own stock', () => {
    const mugs = [spec({ colour: 'white' }, 4), spec({ colour: 'black' }, 0)];
    expect(isOptionEnabled(mugs, {}, 'colour', 'white')).toBe(true);
    expect(isOptionEnabled(mugs, {}, 'colour', 'black')).toBe(false);
    expect(isOptionEnabled(mugs, { colour: 'black' }, 'colour', 'white')).toBe(true);
  });

  it('values are compared exactly (case and spaces count)', () => {
    expect(isOptionEnabled(SHIRT, {}, 'colour', 'Red')).toBe(false);
    expect(isOptionEnabled(SHIRT, {}, 'colour', 'red ')).toBe(false);
  });
});

describe('spec picker: one option per group, and choosing the chosen one again clears it', () => {
  const cases: [string, Selection, string, string, Selection][] = [
    ['choosing in an empty selection', {}, 'colour', 'red', { colour: 'red' }],
    ['choosing another value replaces the group', { colour: 'red' }, 'colour', 'blue', { colour: 'blue' }],
    ['choosing the chosen value clears the group', { colour: 'red' }, 'colour', 'red', {}],
    ['other groups are kept when choosing', { colour: 'red' }, 'size', 'M', { colour: 'red', size: 'M' }],
    ['other groups are kept when clearing', { colour: 'red', size: 'M' }, 'size', 'M', { colour: 'red' }],
  ];
  it.each(cases)('%s', (_name, selection, groupKey, value, expected) => {
    expect(toggleOption(selection, groupKey, value)).toEqual(expected);
  });

  it('the selection given is never changed (a new one is answered)', () => {
    const selection = Object.freeze({ colour: 'red', size: 'M' });
    const chosen = toggleOption(selection, 'colour', 'blue');
    const cleared = toggleOption(selection, 'size', 'M');
    expect(selection).toEqual({ colour: 'red', size: 'M' });
    expect(chosen).not.toBe(selection);
    expect(cleared).not.toBe(selection);
    expect(Object.keys(cleared)).toEqual(['colour']);
  });
});

describe('spec picker: a full choice names exactly one spec', () => {
  it('every group chosen: the spec with those options, its price and stock', () => {
    for (const s of SHIRT) expect(chosenSpec(SHIRT_GROUPS, SHIRT, s.options)).toBe(s);
  });

  it('a full choice naming a sold-out spec still names it (the page shows it sold out)', () => {
    expect(chosenSpec(SHIRT_GROUPS, SHIRT, { colour: 'red', size: 'L' })).toMatchObject({ stock: 0 });
  });

  const open: [string, Selection][] = [
    ['nothing chosen', {}],
    ['one group of two chosen', { colour: 'red' }],
    ['the other group of two chosen', { size: 'M' }],
    ['a group chosen as the empty value', { colour: 'red', size: '' }],
    ['only unknown groups chosen', { material: 'cotton', fit: 'slim' }],
  ];
  it.each(open)('no spec while a group is open: %s', (_name, selection) => {
    expect(chosenSpec(SHIRT_GROUPS, SHIRT, selection)).toBeUndefined();
  });

  it('a combination no spec has names nothing', () => {
    expect(chosenSpec(SHIRT_GROUPS, SHIRT, { colour: 'blue', size: 'S' })).toBeUndefined();
    expect(chosenSpec(SHIRT_GROUPS, SHIRT, { colour: 'green', size: 'M' })).toBeUndefined();
  });

  it('a choice in a group the product does not have is ignored', () => {
    expect(chosenSpec(SHIRT_GROUPS, SHIRT, { colour: 'blue', size: 'M', material: 'wool' })).toBe(SHIRT[3]);
  });

  it('a product without spec groups has no spec to choose', () => {
    expect(chosenSpec([], [], {})).toBeUndefined();
    expect(chosenSpec([], SHIRT, { colour: 'red', size: 'S' })).toBeUndefined();
  });

  it('a single group: its choice alone names the spec', () => {
    const mugs = [spec({ colour: 'white' }, 4), spec({ colour: 'black' }, 0)];
    const groups = [group('colour', 'white', 'black')];
    expect(chosenSpec(groups, mugs, { colour: 'black' })).toBe(mugs[1]);
    expect(chosenSpec(groups, mugs, {})).toBeUndefined();
  });
});

describe('spec picker: the groups still to choose, in display order', () => {
  const cases: [string, Selection, string[]][] = [
    ['nothing chosen: all, in order', {}, ['colour', 'size']],
    ['colour chosen', { colour: 'red' }, ['size']],
    ['size chosen', { size: 'M' }, ['colour']],
    ['all chosen', { colour: 'red', size: 'M' }, []],
    ['an empty value counts as open', { colour: '', size: 'M' }, ['colour']],
    ['unknown groups change nothing', { material: 'cotton' }, ['colour', 'size']],
  ];
  it.each(cases)('%s', (_name, selection, keys) => {
    expect(openGroups(SHIRT_GROUPS, selection).map((g) => g.key)).toEqual(keys);
  });

  it('answers the groups themselves, and none for a product without groups', () => {
    expect(openGroups(SHIRT_GROUPS, { colour: 'red' })).toEqual([SHIRT_GROUPS[1]]);
    expect(openGroups([], {})).toEqual([]);
  });
});

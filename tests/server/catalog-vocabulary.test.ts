import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { description, productTitles } from '../../server/demo/titles';
import { CATALOG, parseVocabulary } from '../../server/demo/vocabulary';

/** The vocabulary file as it is on disk, parsed afresh for each test so one can break its copy. */
const fresh = () =>
  JSON.parse(readFileSync(new URL('../../server/demo/vocabulary.json', import.meta.url), 'utf8')) as {
    descriptions: Record<string, string>;
    categories: { names: Record<string, string>; nouns: Record<string, unknown>[] }[];
  };

const mouse = CATALOG[0].nouns[0];
const adjective = (over: Partial<(typeof CATALOG)[0]['adjectives'][0]>) => ({
  ...CATALOG[0].adjectives[0],
  ...over,
});

describe('demo vocabulary: data checked at load', () => {
  it('the file on disk passes the check', () => {
    expect(() => parseVocabulary(fresh())).not.toThrow();
  });

  it('a category without one of the eight names is refused, naming where', () => {
    const v = fresh();
    delete v.categories[2].names['th-TH'];
    expect(() => parseVocabulary(v)).toThrow(/categories.*2.*names.*th-TH/s);
  });

  it('a noun whose pictogram does not exist is refused', () => {
    const v = fresh();
    v.categories[0].nouns[0].icon = 'no-such-picture';
    expect(() => parseVocabulary(v)).toThrow(/pictogram/);
  });

  it('a noun with an unknown field or a bad gender is refused', () => {
    const typo = fresh();
    typo.categories[0].nouns[0].fr = 'souris';
    expect(() => parseVocabulary(typo)).toThrow();
    const gender = fresh();
    gender.categories[0].nouns[0].deG = 'x';
    expect(() => parseVocabulary(gender)).toThrow();
  });

  it('a description without the {title} place is refused', () => {
    const v = fresh();
    v.descriptions['de-DE'] = 'Geprüft.';
    expect(() => parseVocabulary(v)).toThrow(/descriptions.*de-DE/s);
  });
});

describe('demo vocabulary: titles by each language rule', () => {
  it('German and Russian adjectives agree with the gender; a prefix joins the noun', () => {
    const titles = productTitles(
      adjective({ de: 'kabellos', ru: 'беспроводной/беспроводная/беспроводное/беспроводные' }),
      mouse,
    );
    expect(mouse).toMatchObject({ de: 'Maus', deG: 'f', ru: 'мышь', ruG: 'f' });
    expect(titles['de-DE']).toBe('Kabellose Maus');
    expect(titles['ru-RU']).toBe('Беспроводная мышь');
    const prefixed = productTitles(adjective({ de: 'Mini-', ru: 'мини-' }), mouse);
    expect(prefixed['de-DE']).toBe('Mini-Maus');
    expect(prefixed['ru-RU']).toBe('Мини-мышь');
  });

  it('Thai puts the adjective after the noun; Chinese, Japanese and Thai use no spaces', () => {
    const titles = productTitles(adjective({ zh: '无线', ja: 'ワイヤレス', th: 'ไร้สาย', ko: '무선' }), mouse);
    expect(titles['zh-CN']).toBe('无线鼠标');
    expect(titles['ja-JP']).toBe('ワイヤレスマウス');
    expect(titles['th-TH']).toBe('เมาส์ไร้สาย');
    expect(titles['ko-KR']).toBe('무선 마우스');
  });

  it('a description puts the title in its place, even a title with $ signs', () => {
    expect(description('en-US', 'Cap $& $1')).toBe(
      'Cap $& $1. Quality checked before shipping; returns accepted within 7 days.',
    );
  });
});

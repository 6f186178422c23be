import { describe, expect, it } from 'vitest';
import { demoProduct } from '../../server/demo/catalog-seed';
import { combinations, productTitles } from '../../server/demo/titles';
import { CATALOG } from '../../server/demo/vocabulary';
import { productSvg } from '../../server/demo/images/art';
import { CATEGORY_PICTOGRAMS, isPictogram, pictogram, PICTOGRAMS } from '../../server/demo/images/pictograms';
import { productPictogram } from '../../server/demo/images/product-pictogram';

describe('product pictograms: one per kind of product', () => {
  it('every noun of the vocabulary names a pictogram that exists, and every category has its own', () => {
    for (const c of CATALOG) {
      expect(Object.hasOwn(CATEGORY_PICTOGRAMS, c.icon), c.key).toBe(true);
      for (const n of c.nouns) expect(isPictogram(n.icon), `${c.key}: ${n.en}`).toBe(true);
    }
  });

  it('nouns of one category have different pictograms, distinct from the category fallback', () => {
    for (const c of CATALOG) {
      const icons = c.nouns.map((n) => n.icon);
      expect(new Set(icons).size, c.key).toBe(c.nouns.length);
      expect(icons, c.key).not.toContain(c.icon);
    }
  });

  it('each pictogram draws something of its own in the 100 x 100 box', () => {
    const drawings = Object.keys(PICTOGRAMS).map((key) => pictogram(key, '#fff', '#123'));
    expect(new Set(drawings).size).toBe(drawings.length);
    for (const d of drawings) {
      expect(d).toMatch(/<(path|rect|circle|ellipse)\b/);
      expect(d).not.toMatch(/undefined|NaN/);
    }
  });

  it("the title's noun picks the pictogram: every adjective-noun title of the vocabulary", () => {
    for (const c of CATALOG) {
      for (const { adjective, noun } of combinations(c)) {
        const title = productTitles(adjective, noun)['en-US'];
        expect(productPictogram(c, title), title).toBe(noun.icon);
        expect(productPictogram(c, `${title} C42`), title).toBe(noun.icon);
      }
    }
  });

  it('demo products, also past the first round of titles, show their noun', () => {
    for (let i = 0; i < 2000; i += 7) {
      const made = demoProduct(i);
      expect(productPictogram(made.category, made.product.title), made.product.title).toBe(made.noun.icon);
    }
  });

  it('the longest name wins, case does not matter, and an unknown kind falls back to the category', () => {
    const [computer, , , , health, men] = CATALOG;
    expect(productPictogram(men, 'Cotton T-Shirt')).toBe('t-shirt');
    expect(productPictogram(men, 'classic polo shirt')).toBe('polo-shirt');
    expect(productPictogram(men, 'Slim-fit Shirt')).toBe('shirt');
    expect(productPictogram(health, 'Smart Blood Pressure Monitor')).toBe('blood-pressure-monitor');
    expect(productPictogram(computer, 'Gaming Laptop Stand')).toBe('laptop-stand');
    // A kind from another category is still recognised; a title naming none shows the category.
    expect(productPictogram(computer, 'USB-C Power Bank')).toBe('power-bank');
    expect(productPictogram(men, 'Leather Belt')).toBe('men');
    expect(productPictogram(men, 'Shirts and more')).toBe('men');
    expect(productPictogram({ key: 'gone', icon: 'shop' }, 'Mystery box')).toBe('shop');
  });

  it('two products of different nouns in one category get different pictures', () => {
    const [a, b] = [demoProduct(0), demoProduct(CATALOG.length)];
    expect(a.category).toBe(b.category);
    expect(a.noun.icon).not.toBe(b.noun.icon);
    // Same id, so only the pictogram can tell the pictures apart.
    const draw = (icon: string) => productSvg({ id: 1, icon }, 0, 120);
    const picture = (made: typeof a) => draw(productPictogram(made.category, made.product.title));
    expect(picture(a)).toBe(draw(a.noun.icon));
    expect(picture(b)).toBe(draw(b.noun.icon));
    expect(picture(a)).not.toBe(picture(b));
    expect(picture(a)).not.toBe(draw(a.category.icon));
  });
});

describe('product pictures carry no words', () => {
  // SVG draws letters only from <text> (with <tspan>, <textPath>) and a font; markup outside the
  // tags (character data) is the only other place a word could be written.
  it('no <text> element, no font and no character data, on the main picture and the alternates', () => {
    for (let i = 0; i < 400; i += 3) {
      const made = demoProduct(i);
      const icon = productPictogram(made.category, made.product.title);
      for (let n = 0; n < 5; n++) {
        const svg = productSvg({ id: i + 1, icon }, n, 480);
        expect(svg, made.product.title).not.toMatch(/<(text|tspan|textPath)\b|font-family|font-size/);
        expect(svg.replace(/<[^>]*>/g, '').trim(), made.product.title).toBe('');
        expect(svg, made.product.title).not.toContain(made.product.title);
      }
    }
  });

  it('pictures stay distinct: products differ, and so do the pictures of one product', () => {
    const made = demoProduct(0);
    const icon = productPictogram(made.category, made.product.title);
    const pictures = [0, 1, 2].map((n) => productSvg({ id: 1, icon }, n, 480));
    expect(new Set(pictures).size).toBe(3);
    expect(productSvg({ id: 2, icon }, 0, 480)).not.toBe(pictures[0]);
    for (const svg of pictures) expect(svg).not.toMatch(/undefined|NaN/);
  });
});

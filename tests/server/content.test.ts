import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../common/languages';
import type { HelpSupportAnswer, LawAnswer } from '../../common/schemas/content';
import { CONTENT } from '../../server/modules/content/documents';
import { HELP_IDS, PRIVACY_IDS, TERMS_IDS } from '../../server/modules/content/types';
import { useTestApp } from '../support/use-app';

const t = useTestApp();

const help = (lang?: string, token?: string) =>
  t.endpoint<HelpSupportAnswer>('content.helpSupport', { lang, token });
const law = (lang?: string, token?: string) => t.endpoint<LawAnswer>('content.law', { lang, token });

/** Every text of an answer, flattened. */
const helpTexts = (a: HelpSupportAnswer) => a.list.flatMap((e) => [e.question, e.answer]);
const lawTexts = (a: LawAnswer) =>
  a.documents.flatMap((d) => [d.title, ...d.sections.flatMap((s) => [s.heading, ...s.paragraphs])]);

describe('content data: every language holds every entry', () => {
  it.each(LANGS)('%s has every help entry, terms section and privacy section, none empty', (lang) => {
    const pack = CONTENT[lang];
    expect(Object.keys(pack.help).sort()).toEqual([...HELP_IDS].sort());
    expect(Object.keys(pack.terms.sections).sort()).toEqual([...TERMS_IDS].sort());
    expect(Object.keys(pack.privacy.sections).sort()).toEqual([...PRIVACY_IDS].sort());
    for (const { question, answer } of Object.values(pack.help)) {
      expect(question.trim().length, `${lang} ${question}`).toBeGreaterThan(4);
      expect(answer.trim().length, `${lang} ${question}`).toBeGreaterThan(25);
    }
    for (const doc of [pack.terms, pack.privacy]) {
      expect(doc.title.trim()).not.toBe('');
      for (const s of Object.values(doc.sections)) {
        expect(s.heading.trim(), lang).not.toBe('');
        expect(s.paragraphs.length, `${lang} ${s.heading}`).toBeGreaterThan(0);
        for (const p of s.paragraphs) expect(p.trim().length, `${lang} ${s.heading}`).toBeGreaterThan(20);
      }
    }
  });

  it('the FAQ has 10 to 14 entries and covers what shoppers ask about', () => {
    expect(HELP_IDS.length).toBeGreaterThanOrEqual(10);
    expect(HELP_IDS.length).toBeLessThanOrEqual(14);
    for (const id of ['order', 'pay', 'payPassword', 'shipping', 'refund', 'review', 'topUp', 'withdraw'])
      expect(HELP_IDS).toContain(id);
    expect(HELP_IDS).toEqual(expect.arrayContaining(['security', 'language', 'service']));
  });
});

describe('GET /api/user/help_support', () => {
  it.each(LANGS)('answers the FAQ in %s, entries in order and complete', async (lang) => {
    const res = await help(lang);
    expect(res.status).toBe(200);
    expect(res.code).toBe(1);
    expect(res.data.list.map((e) => e.id)).toEqual([...HELP_IDS]);
    for (const e of res.data.list) {
      expect(e.question).toBe(CONTENT[lang].help[e.id as (typeof HELP_IDS)[number]].question);
      expect(e.answer.trim()).not.toBe('');
    }
  });

  it.each(LANGS.filter((l) => l !== 'en-US'))(
    '%s is really translated: no entry reads as in English',
    async (lang) => {
      const [en, other] = [(await help('en-US')).data, (await help(lang)).data];
      const english = new Set(helpTexts(en));
      expect(helpTexts(other).filter((text) => english.has(text))).toEqual([]);
    },
  );

  it('an unknown or missing language answers English', async () => {
    const en = (await help('en-US')).data;
    expect((await help('xx-XX')).data).toEqual(en);
    expect((await help()).data).toEqual(en);
    expect(en.list[0].question).toBe('How do I place an order?');
  });

  it('the refund answer keeps the one-request-per-order rule in every language', async () => {
    const mentions: Record<Lang, RegExp> = {
      'en-US': /only one refund request/,
      'zh-CN': /只能申请一次/,
      'ja-JP': /1回だけ/,
      'ko-KR': /한 번만/,
      'th-TH': /ได้เพียงครั้งเดียว/,
      'de-DE': /nur ein Antrag/,
      'ru-RU': /только одну заявку/,
      'tr-TR': /yalnızca bir iade talebi/,
    };
    for (const lang of LANGS) {
      const refund = (await help(lang)).data.list.find((e) => e.id === 'refund');
      expect(refund?.answer, lang).toMatch(mentions[lang]);
    }
  });
});

describe('GET /api/user/law', () => {
  it.each(LANGS)('answers the terms and the privacy policy in %s, with headings', async (lang) => {
    const res = await law(lang);
    expect(res.code).toBe(1);
    expect(res.data.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [terms, privacy] = res.data.documents;
    expect(terms.id).toBe('terms');
    expect(privacy.id).toBe('privacy');
    expect(terms.sections.map((s) => s.id)).toEqual([...TERMS_IDS]);
    expect(privacy.sections.map((s) => s.id)).toEqual([...PRIVACY_IDS]);
    expect(terms.title).toBe(CONTENT[lang].terms.title);
    for (const s of [...terms.sections, ...privacy.sections]) {
      expect(s.heading.trim()).not.toBe('');
      expect(s.paragraphs.every((p) => p.trim().length > 0)).toBe(true);
    }
  });

  it.each(LANGS.filter((l) => l !== 'en-US'))('%s is really translated', async (lang) => {
    const english = new Set(lawTexts((await law('en-US')).data));
    expect(lawTexts((await law(lang)).data).filter((text) => english.has(text))).toEqual([]);
  });

  it('an unknown language answers English', async () => {
    const res = await law('klingon');
    expect(res.data).toEqual((await law('en-US')).data);
    expect(res.data.documents[0].title).toBe('Terms of service');
  });
});

describe('help and law are public', () => {
  it('answer without a token, and with an expired one, instead of asking to log in', async () => {
    for (const call of [help, law]) {
      expect((await call('de-DE')).code).toBe(1);
      const stale = await call('de-DE', 'no-such-session-token');
      expect(stale.status).toBe(200);
      expect(stale.code).toBe(1);
    }
  });

  it('OpenAPI lists both, without the token scheme, with their answer schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { security?: unknown; responses?: Record<string, unknown> } }>;
    };
    for (const path of ['/api/user/help_support', '/api/user/law']) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeDefined();
      expect(op?.security, path).toBeUndefined();
      expect(JSON.stringify(op?.responses?.['200']), path).toContain(
        path.endsWith('law') ? 'paragraphs' : 'question',
      );
    }
  });
});

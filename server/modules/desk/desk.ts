import { and, eq, isNull, sql } from 'drizzle-orm';
import { toLang, type Lang } from '@common/languages';
import type {
  DeskOperator,
  DeskPending,
  DeskPostEdit,
  DeskPress,
  DeskReply,
  OperatorDesk,
} from '@bot/desk-deps';
import type { Db } from '../../db/client';
import { deskPosts, deskPrompts } from '../../db/schema';
import { describeRefusal } from '../operator';
import { buttonData, readButton } from './callback-data';
import { deskText } from './format';
import { DESK_KINDS, isDeskKind, type DeskKindName } from './kinds';
import { deskStats } from './stats';
import type { DeskView } from './types';

export interface DeskSettings {
  chatId: number;
  operatorIds: number[];
  /** The language of the posts in the group (each operator's own answers follow their Telegram). */
  lang: Lang;
  /** Signs the buttons' callback data. */
  secret: string;
}

export interface RenderedPost {
  text: string;
  photo: string | null;
  keyboard: { text: string; data: string }[][];
}

/**
 * The operator's desk: posts rendered with their buttons, presses and replies turned into calls of
 * the operator services (the ones `npm run admin` calls), whose row locks and status checks decide
 * races: a second press, or a second operator, is told who decided, and nothing happens twice.
 */
export function createDesk(
  db: Db,
  s: DeskSettings,
): OperatorDesk & {
  render(kind: DeskKindName, id: number): Promise<RenderedPost | undefined>;
} {
  /** The actions a post offers now: the view's own list, else all of them until decided. */
  const openActions = (kind: DeskKindName, view: DeskView): string[] =>
    view.actions ?? (view.decidedBy === null ? Object.keys(DESK_KINDS[kind].actions) : []);

  const keyboardOf = (kind: DeskKindName, id: number, view: DeskView, lang: Lang) => {
    const buttons = openActions(kind, view).map((action) => ({
      text: deskText(lang, DESK_KINDS[kind].actions[action].label, view.labelParams),
      data: buttonData(s.secret, kind, id, action),
    }));
    const rows: (typeof buttons)[] = [];
    for (let i = 0; i < buttons.length; i += 2) rows.push(buttons.slice(i, i + 2));
    return rows;
  };

  const render = async (kind: DeskKindName, id: number): Promise<RenderedPost | undefined> => {
    const view = await DESK_KINDS[kind].describe(db, id, s.lang);
    return view && { text: view.text, photo: view.photo, keyboard: keyboardOf(kind, id, view, s.lang) };
  };

  /** The sent post of an object, as it reads now (undefined while it was never sent). */
  const postEdit = async (kind: DeskKindName, id: number): Promise<DeskPostEdit | undefined> => {
    const [post] = await db
      .select()
      .from(deskPosts)
      .where(and(eq(deskPosts.kind, kind), eq(deskPosts.refId, id)));
    if (!post?.chatId || !post.messageId) return undefined;
    const now = await render(kind, id);
    if (!now) return undefined;
    return {
      chatId: post.chatId,
      messageId: post.messageId,
      photo: post.photo,
      text: now.text,
      keyboard: now.keyboard,
    };
  };

  const objectName = (lang: Lang, kind: DeskKindName, id: number) =>
    deskText(lang, `object.${DESK_KINDS[kind].object}`, { id });

  /** Runs an action; answers what the operator is told and the post as it now reads. */
  async function decide(
    kind: DeskKindName,
    id: number,
    action: string,
    operator: DeskOperator,
    answer?: string,
  ): Promise<{ ok: boolean; decided: boolean; text: string; post?: DeskPostEdit }> {
    const lang = toLang(operator.languageCode);
    const object = objectName(lang, kind, id);
    const already = async () => {
      const view = await DESK_KINDS[kind].describe(db, id, lang);
      if (view?.decidedBy === null || !view) return undefined;
      return deskText(lang, view.decidedBy ? 'alreadyDecidedBy' : 'alreadyDecided', {
        object,
        by: view.decidedBy,
      });
    };
    try {
      const done = await DESK_KINDS[kind].actions[action].run(db, id, operator.name, answer);
      const post = await postEdit(kind, id);
      if (done.alreadyDone) return { ok: false, decided: true, text: (await already()) ?? '', post };
      return { ok: true, decided: true, text: deskText(lang, 'done', { object }), post };
    } catch (err) {
      const refusal = describeRefusal(err);
      if (!refusal) throw err;
      const decided = await already();
      if (decided) return { ok: false, decided: true, text: decided, post: await postEdit(kind, id) };
      return {
        ok: false,
        decided: false,
        text: deskText(lang, 'notDone', { object, reason: refusal.message }),
      };
    }
  }

  return {
    chatId: s.chatId,
    isOperator: (id) => s.operatorIds.includes(id),
    render,

    async press(data, operator): Promise<DeskPress> {
      const lang = toLang(operator.languageCode);
      const button = readButton(s.secret, data);
      const kind = button && isDeskKind(button.kind) ? button.kind : undefined;
      if (!button || !kind || !Object.hasOwn(DESK_KINDS[kind].actions, button.action))
        return { type: 'alert', text: deskText(lang, 'unknownButton') };
      const action = DESK_KINDS[kind].actions[button.action];
      const view = await DESK_KINDS[kind].describe(db, button.id, lang);
      if (!view) return { type: 'alert', text: deskText(lang, 'unknownButton') };
      const object = objectName(lang, kind, button.id);
      if (!openActions(kind, view).includes(button.action))
        return {
          type: 'alert',
          text: deskText(lang, view.decidedBy ? 'alreadyDecidedBy' : 'alreadyDecided', {
            object,
            by: view.decidedBy ?? '',
          }),
          post: await postEdit(kind, button.id),
        };
      if (action.ask) {
        const mention = operator.username ? `@${operator.username} ` : '';
        return {
          type: 'ask',
          text: mention + deskText(lang, `ask.${action.ask}`, { object, ...view.labelParams }),
          placeholder: deskText(lang, `placeholder.${action.ask}`),
          pending: { kind, id: button.id, action: button.action },
        };
      }
      const result = await decide(kind, button.id, button.action, operator);
      return result.ok
        ? { type: 'done', text: result.text, post: result.post }
        : { type: 'alert', text: result.text, post: result.post };
    },

    async asked(pending: DeskPending, prompt) {
      await db
        .insert(deskPrompts)
        .values({ ...prompt, kind: pending.kind, refId: pending.id, action: pending.action })
        .onConflictDoNothing();
    },

    async answer(reply): Promise<DeskReply | undefined> {
      const [prompt] = await db
        .select()
        .from(deskPrompts)
        .where(
          and(
            eq(deskPrompts.chatId, reply.chatId),
            eq(deskPrompts.messageId, reply.replyTo),
            isNull(deskPrompts.closedAt),
          ),
        );
      if (!prompt || prompt.operatorId !== reply.operator.id || !isDeskKind(prompt.kind)) return undefined;
      if (!Object.hasOwn(DESK_KINDS[prompt.kind].actions, prompt.action)) return undefined;
      const result = await decide(prompt.kind, prompt.refId, prompt.action, reply.operator, reply.text);
      // Bad input keeps the question open: the operator replies again.
      if (result.decided)
        await db
          .update(deskPrompts)
          .set({ closedAt: sql`now()` })
          .where(and(eq(deskPrompts.id, prompt.id), isNull(deskPrompts.closedAt)));
      return { text: result.text, post: result.post };
    },

    stats: (languageCode) => deskStats(db, toLang(languageCode)),
  };
}

import type { Lang } from '@common/languages';
import type { Db } from '../../db/client';

/** What a decision needs before it can be taken: nothing (a press does it) or a reply to a prompt. */
export type DeskAsk = 'amount' | 'reason' | 'shipping';

/** One button of a kind's post: an action of the service behind it. */
export interface DeskAction {
  /** The button's text, a key of the locale files' `desk` section (params from `describe`). */
  label: string;
  ask?: DeskAsk;
  /**
   * Calls the operator service (the same one `npm run admin` calls) with the operator's name and,
   * for an action that asks, the operator's reply. `alreadyDone`: the same decision stood already.
   */
  run(db: Db, id: number, operator: string, answer?: string): Promise<{ alreadyDone: boolean }>;
}

/** How a post shows its object now, in one language. */
export interface DeskView {
  /** The post's text (a caption when it has a picture): the object, and its decision once taken. */
  text: string;
  /** A private file to send with the post (a top-up's evidence: its stored path, /evidence/...). */
  photo: string | null;
  /** Who decided, when the object no longer waits for the desk. */
  decidedBy: string | null;
  /**
   * The buttons offered now, when they depend on the object's state (an approved return and refund
   * still waits for "goods received"); absent: every action while undecided, none after.
   */
  actions?: string[];
  /** Parameters of the buttons' labels (the asked amount). */
  labelParams: Record<string, string>;
}

/**
 * A kind of post: how to show its object and what its buttons do. Adding a kind to the desk is
 * one entry of this shape in kinds/index.ts and the line that posts it where its event happens.
 */
export interface DeskKind {
  /** "top-up #12", naming the object in prompts and answers (a key of `desk.object`). */
  object: string;
  describe(db: Db, id: number, lang: Lang): Promise<DeskView | undefined>;
  actions: Record<string, DeskAction>;
}

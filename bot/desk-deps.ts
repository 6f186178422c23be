/**
 * The bot's view of the operator's desk: the server's desk service (server/modules/desk/desk.ts)
 * decides and renders; the bot only talks to Telegram.
 */
export interface DeskOperator {
  id: number;
  /** How decisions name the operator: "@anna (tg:123)". */
  name: string;
  languageCode?: string;
  /** Mentioned in a prompt so Telegram's selective force_reply opens the reply for them. */
  username?: string;
}

export interface DeskButton {
  text: string;
  data: string;
}

/** A post as it should read now (after a decision: who decided what and when, no buttons). */
export interface DeskPostEdit {
  chatId: number;
  messageId: number;
  /** Sent as a picture: its text is a caption. */
  photo: boolean;
  text: string;
  keyboard: DeskButton[][];
}

/** An action waiting for the operator's reply to a prompt. */
export interface DeskPending {
  kind: string;
  id: number;
  action: string;
}

export type DeskPress =
  | { type: 'alert'; text: string; post?: DeskPostEdit }
  | { type: 'ask'; text: string; placeholder: string; pending: DeskPending }
  | { type: 'done'; text: string; post?: DeskPostEdit };

export interface DeskReply {
  text: string;
  post?: DeskPostEdit;
}

export interface OperatorDesk {
  chatId: number;
  isOperator(telegramUserId: number): boolean;
  /** A press of a desk button (its callback data) by a listed operator. */
  press(data: string, operator: DeskOperator): Promise<DeskPress>;
  /** The prompt for `pending` was sent: the operator's reply to it completes the action. */
  asked(
    pending: DeskPending,
    prompt: { chatId: number; messageId: number; operatorId: number },
  ): Promise<void>;
  /** A reply to a message: undefined when it answers no open prompt of this operator. */
  answer(reply: {
    chatId: number;
    replyTo: number;
    operator: DeskOperator;
    text: string;
  }): Promise<DeskReply | undefined>;
  /** /stats: today's orders and sales, the audits waiting, in the operator's language. */
  stats(languageCode: string | undefined): Promise<string>;
}

/** The desk's buttons' callback data start "d:" (server/modules/desk/callback-data.ts). */
export const DESK_PREFIX_RE = /^d:/;

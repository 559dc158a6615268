import type { Locale } from '../constants/locale.constants.ts';
import messagesEnUs from './messages.en-us.json' with { type: 'json' };
import messagesZhCn from './messages.zh-cn.json' with { type: 'json' };
import messagesZhTw from './messages.zh-tw.json' with { type: 'json' };

interface MessageText {
  title: string;
  body: string;
}

/** Texts of the messages the server writes into a user's message centre. */
export interface MessageTextCatalogue {
  welcome: { title: string; body: string };
  alarm: {
    /** Placeholders: level (a term name), device, name (the rule's). */
    title: string;
    /**
     * The content of a rule without one. Written with a rule content's own single-brace
     * placeholders ({device}, {tag}, {value}, {name}, {time}), because it stands in for one.
     */
    defaultContent: string;
    /**
     * The digest of raises collected within a rule's notification interval (issue 24).
     * Placeholders: level, device, name, count (raises), minutes (the window), time, value (the
     * latest raise's), interval (minutes); digestFlapping is appended for a flapping rule.
     */
    digestTitle: string;
    digestBody: string;
    digestFlapping: string;
  };
  /**
   * A team invitation as the invitee reads it, one text per outcome. Placeholders: team,
   * inviter; pending and accepted also role; pending also days.
   */
  invitation: {
    pending: MessageText;
    accepted: MessageText;
    rejected: MessageText;
    cancelled: MessageText;
    voided: MessageText;
  };
  /** What the inviter is told. Placeholders: invitee, team; accepted also role. */
  invitationReply: { accepted: MessageText; rejected: MessageText; voided: MessageText };
  /** Leaving a team. removed (to the person): team; left (to the main account): member, team. */
  member: { removed: MessageText; left: MessageText };
  /**
   * Billing messages (kind 'billing', the billing messages job): a card expiring in 30 days, in
   * 7 days, expired. Placeholders: cardType (from `cardType`), card (masked number), date
   * (YYYY-MM-DD, UTC), days (whole days left). Remote Access traffic of a card at 80 % and 100 %
   * of its gigabytes: cardType, card, device (name, else serial number), used (GB used, two
   * decimals), gigabytes (the card's quota).
   */
  billing: {
    cardType: { ca: string; ra: string };
    expiring30: MessageText;
    expiring7: MessageText;
    expired: MessageText;
    traffic80: MessageText;
    traffic100: MessageText;
  };
}

export const messageTexts: Readonly<Record<Locale, MessageTextCatalogue>> = {
  'zh-cn': messagesZhCn,
  'en-us': messagesEnUs,
  'zh-tw': messagesZhTw,
};

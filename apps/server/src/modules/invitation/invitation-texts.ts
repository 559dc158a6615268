import { fillText, Limits, mailTexts, messageTexts, resolveLocale } from '@hmi/domain';

const DAYS = Limits.invitationExpiryMs / (24 * 60 * 60_000);

export type InviteeState = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'voided';
export type InviterReply = 'accepted' | 'rejected' | 'voided';

interface Names {
  team: string;
  inviter: string;
  role: string | null;
}

/** The invitee's message of an invitation in this state, in their language. */
export function inviteeText(lang: string, state: InviteeState, n: Names) {
  const t = messageTexts[resolveLocale(lang)].invitation[state];
  const params = { team: n.team, inviter: n.inviter, role: n.role ?? '', days: DAYS };
  return { title: fillText(t.title, params), body: fillText(t.body, params) };
}

/** What the inviter is told when the invitee answers (or joined another team). */
export function inviterText(
  lang: string,
  reply: InviterReply,
  n: { invitee: string; team: string; role: string | null },
) {
  const t = messageTexts[resolveLocale(lang)].invitationReply[reply];
  const params = { invitee: n.invitee, team: n.team, role: n.role ?? '' };
  return { title: fillText(t.title, params), body: fillText(t.body, params) };
}

/** The invitation mail and SMS in the invitee's language. */
export function invitationMail(lang: string, n: Names & { link: string }) {
  const t = mailTexts[resolveLocale(lang)];
  const params = { team: n.team, inviter: n.inviter, role: n.role ?? '', link: n.link, days: DAYS };
  return {
    subject: fillText(t.invitation.subject, params),
    text: fillText(t.invitation.text, params),
    sms: fillText(t.sms.invitation, params),
  };
}

/** Device online state (SPEC section 4). */
export const OnlineState = { Offline: 0, Online: 1 } as const;
export type OnlineState = (typeof OnlineState)[keyof typeof OnlineState];

/** Device sync state (SPEC section 4). */
export const SyncState = { Pending: 0, Synced: 1 } as const;
export type SyncState = (typeof SyncState)[keyof typeof SyncState];

/**
 * Billing card statuses. The spec names them without codes; these codes are ours and are
 * what the server stores and sends.
 */
export const CardStatus = { NotActivated: 0, Active: 1, Outdated: 2 } as const;
export type CardStatus = (typeof CardStatus)[keyof typeof CardStatus];

/** The two kinds of billing card; 'ca'/'ra' match the permission names (ca-charge, ra-charge). */
export const CardKind = { CloudApplication: 'ca', RemoteAccess: 'ra' } as const;
export type CardKind = (typeof CardKind)[keyof typeof CardKind];
export const cardKindLabels: Readonly<Record<CardKind, string>> = {
  ca: 'Cloud Application',
  ra: 'Remote Access',
};

/** Invitation outcomes; codes are ours (the spec names them only), each has its own message. */
export const InvitationOutcome = { Pending: 0, Accepted: 1, Rejected: 2, Cancelled: 3, Voided: 4 } as const;
export type InvitationOutcome = (typeof InvitationOutcome)[keyof typeof InvitationOutcome];

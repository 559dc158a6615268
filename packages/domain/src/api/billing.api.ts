import { z } from 'zod';
import { CardKind, CardStatus } from '../constants/states.constants.ts';
import { activationCardNumberSchema, cardPasswordSchema } from '../validation/card.validation.ts';

/**
 * Contract of the billing calls (/billing; the billing issue, part 1). Cards are issued by an
 * operator (`npm run cards:issue`), activated by a team with number and password, and their
 * quotas are used by the team: templates (template_max_num) and TAGs per level, allocated to
 * devices. Every activation and allocation is a recharge record (an append-only ledger). In
 * region cn there is no billing: every call answers 1002.
 *
 * Activation codes: wrong number, wrong password, a card of the other type or a locked card 1043
 * (msg E_CLOUD_CARD_PWD_ERR); already activated 1045 for a CA card, 1050 for an RA card (msg
 * E_CLOUD_CARD_ALREADY_ACTIVATE); the batch's activation deadline passed 1044 (CA) / 1051 (RA);
 * too many attempts from the account or the address 1036; a mistyped number (check symbol) 1006
 * validation.card.numberChecksum, which counts no attempt.
 */
export const BillingPaths = {
  cardTypes: '/billing/cardTypes', // GET -> cardTypesReply                           (signed in)
  myAccount: '/billing/myAccount', // GET -> myAccountReply                           (myAccount view 17)
  activateCa: '/billing/ca/activate', // POST cardActivateBody -> billingCard        (ca-charge 18)
  activateRa: '/billing/ra/activate', // POST cardActivateBody -> billingCard        (ra-charge 20)
  allocateTags: '/billing/tag/allocate', // POST tagAllocateBody -> tagAllocation    (ca-allocate 19)
  allocations: '/billing/tag/allocations', // GET -> tagAllocationsReply             (myAccount view 17)
  deviceTags: '/billing/tag/device', // GET idQuery -> deviceTagQuota                 (devicelist view 2)
  rechargeRecords: '/billing/rechargeRecord', // GET rechargeRecordQuery -> rechargeRecordReply (22)
  rechargeExport: '/billing/rechargeRecord/export', // GET rechargeExportQuery -> xlsx (22)
} as const;

/**
 * The TAG levels (SPEC: level = TAG number and collection frequency; upgrade only). Each level
 * doubles or more the TAGs and shortens the collection interval, so a higher level is always a
 * superset of a lower one (an upgrade never takes anything away from a device).
 */
export const TagLevels = [
  { level: 1, tags: 50, interval_s: 60 },
  { level: 2, tags: 100, interval_s: 30 },
  { level: 3, tags: 200, interval_s: 10 },
  { level: 4, tags: 500, interval_s: 5 },
  { level: 5, tags: 1000, interval_s: 1 },
] as const;
export type TagLevel = (typeof TagLevels)[number]['level'];

/**
 * The free tier: what a device without a TAG allocation collects where billing applies (issue
 * 24). Below level 1 (fewer TAGs, the same interval), so that no paid level is ever worse than
 * none: every level has at least its TAGs and at most its interval. Where there is no billing
 * (region cn, BILLING_ENABLED=false) no quota applies at all.
 */
export const FreeTier = { tags: 20, interval_s: 60 } as const;
export const tagLevelSchema = z.number().int().min(1).max(TagLevels.length);
export const tagLevelOf = (level: number) => TagLevels.find((l) => l.level === level);

/** Templates a team has without any card (template_max_num's default). */
export const FREE_TEMPLATES = 1;

export const cardKindSchema = z.enum([CardKind.CloudApplication, CardKind.RemoteAccess]);
export const cardStatusSchema = z.union([
  z.literal(CardStatus.NotActivated),
  z.literal(CardStatus.Active),
  z.literal(CardStatus.Outdated),
]);

/** A card type: its name is an i18n key of the console (billing namespace), its quota fields. */
export const cardTypeItem = z.object({
  type: cardKindSchema,
  name_key: z.string(),
  /** The quota fields a card of this type carries (CA: templates, tags, level; RA: gigabytes). */
  quota_fields: z.array(z.enum(['templates', 'tags', 'level', 'gigabytes'])),
  validity_years: z.number().int(),
});
export const cardTypesReply = z.object({ list: z.array(cardTypeItem) });
export type CardTypesReply = z.infer<typeof cardTypesReply>;

/** Number: what is printed, or its last 8 (case does not matter); password: 8 letters or digits. */
export const cardActivateBody = z.object({
  number: activationCardNumberSchema,
  password: cardPasswordSchema,
});
export type CardActivateBody = z.infer<typeof cardActivateBody>;

/** What a card holds: CA templates and TAGs at a level; RA traffic. `left`: what is not allocated. */
export const cardQuota = z.object({
  templates: z.number().int(),
  tags: z.number().int(),
  level: z.number().int().nullable(),
  gigabytes: z.number().int(),
});
export type CardQuota = z.infer<typeof cardQuota>;

/** What a card has left: RA gigabytes are what its usage left (GiB, two decimals, rounded down). */
export const cardLeft = cardQuota.extend({ gigabytes: z.number().nonnegative() });
export type CardLeft = z.infer<typeof cardLeft>;

export const billingCard = z.object({
  id: z.number().int(),
  type: cardKindSchema,
  /** Masked: '****' + the last 8 symbols. */
  number: z.string(),
  /** Computed when read: not activated, active, outdated (expires_at passed). */
  status: cardStatusSchema,
  activated_at: z.number().int().nullable(),
  expires_at: z.number().int().nullable(),
  quota: cardQuota,
  /** TAGs not yet allocated to a device (RA: gigabytes not yet used). */
  left: cardLeft,
  /** RA: the card is allocated to a device (its traffic stays there); CA: always false. */
  allocated: z.boolean(),
});
export type BillingCard = z.infer<typeof billingCard>;

export const myAccountReply = z.object({
  templates: z.object({ used: z.number().int(), total: z.number().int() }),
  tags: z.array(z.object({ level: z.number().int(), used: z.number().int(), total: z.number().int() })),
  cards: z.array(billingCard),
  /** For each active CA card: when it expires, how many templates are then over the quota. */
  expiry_preview: z.array(
    z.object({ card_id: z.number().int(), expires_at: z.number().int(), templates_over: z.number().int() }),
  ),
});
export type MyAccountReply = z.infer<typeof myAccountReply>;

export const tagAllocateBody = z.object({
  device_id: z.number().int().positive(),
  level: tagLevelSchema,
});
export type TagAllocateBody = z.infer<typeof tagAllocateBody>;

export const tagAllocation = z.object({
  device_id: z.number().int(),
  device_name: z.string().nullable(),
  sn: z.string(),
  level: z.number().int(),
  tags: z.number().int(),
  interval_s: z.number().int(),
  card_id: z.number().int(),
  updated_at: z.number().int(),
});
export type TagAllocation = z.infer<typeof tagAllocation>;
export const tagAllocationsReply = z.object({ list: z.array(tagAllocation) });
export type TagAllocationsReply = z.infer<typeof tagAllocationsReply>;

/**
 * One device's TAGs against what it may collect (the device page's warning): its template's
 * TAGs, all its TAGs (template TAGs, then monitor points), the limit (its allocation's TAGs, else
 * the free devices.tag_limit), its level (null: no allocation) and whether its template is locked.
 * SPEC: the device TAG count must be at least the template TAG count for all template TAGs to work.
 */
export const deviceTagQuota = z.object({
  device_id: z.number().int(),
  template_id: z.number().int().nullable(),
  template_tags: z.number().int(),
  tag_count: z.number().int(),
  tag_limit: z.number().int(),
  level: z.number().int().nullable(),
  /** Least seconds between two stored samples (0: no limit). */
  interval_s: z.number().int(),
  template_locked: z.boolean(),
});
export type DeviceTagQuota = z.infer<typeof deviceTagQuota>;

/** Ledger entry kinds: a card activated, TAGs allocated to a device, a card expired (later part). */
export const rechargeKindSchema = z.enum(['activation', 'allocation', 'expiry']);
export type RechargeKind = z.infer<typeof rechargeKindSchema>;

const recordFilter = {
  type: cardKindSchema.optional(),
  kind: rechargeKindSchema.optional(),
  /** ms, inclusive. */
  from: z.coerce.number().int().min(0).optional(),
  /** ms, exclusive. */
  to: z.coerce.number().int().min(0).optional(),
};
export const rechargeRecordQuery = z.object({
  ...recordFilter,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type RechargeRecordQuery = z.input<typeof rechargeRecordQuery>;
export type RechargeRecordQueryParsed = z.output<typeof rechargeRecordQuery>;

/** The export takes the list's filters and the caller's offset in hours (SPEC: exports). */
export const rechargeExportQuery = z.object({
  ...recordFilter,
  tz: z.coerce.number().min(-14).max(14).default(0),
});
export type RechargeExportQueryParsed = z.output<typeof rechargeExportQuery>;

export const rechargeRecordItem = z.object({
  id: z.number().int(),
  kind: rechargeKindSchema,
  type: cardKindSchema,
  card_id: z.number().int(),
  card_number: z.string(),
  device_id: z.number().int().nullable(),
  /**
   * The device's name when the caller's data scope holds the device (null: no device, a device
   * out of the caller's scope, or one no longer the team's): the ledger is team data, device
   * names are not.
   */
  device_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.number().int(),
});
export type RechargeRecordItem = z.infer<typeof rechargeRecordItem>;

export const rechargeRecordReply = z.object({
  list: z.array(rechargeRecordItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RechargeRecordReply = z.infer<typeof rechargeRecordReply>;

/** Rows of one export at most (SPEC: export limit 10000). */
export const RECHARGE_EXPORT_MAX = 10_000;

/**
 * POST /billing/test/clock (BILLING_TEST_CLOCK=1 only, docs/api.md, Billing, Test clock): the
 * billing time to read from now on, or how far to move it (exactly one).
 */
export const billingTestClockBody = z
  .object({
    /** The billing time to read from now on (ms). */
    at: z.number().int().positive().optional(),
    /** Or: move the billing clock this far from where it reads now (ms, may be negative). */
    advance_ms: z.number().int().optional(),
  })
  .refine((b) => (b.at === undefined) !== (b.advance_ms === undefined), {
    message: 'exactly one of at, advance_ms',
  });
export const billingTestClockReply = z.object({ now: z.number().int() });

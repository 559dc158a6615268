import {
  invalid,
  ErrorCode,
  Limits,
  validateLabelAdd,
  validateLabelName,
  type LabelItem,
  type LabelListReply,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { assertValid, validationError } from '../../lib/validate.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DeviceLabel, Label, LabelRepo } from './label.repo.ts';
import { presentLabel } from './label.presenter.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A unique-constraint loss of a racing insert reads as the duplicate rule. */
const duplicate = () => validationError('name', invalid('validation.label.duplicate'));

/**
 * Device labels of a team (SPEC section 5): 1-50 characters, unique, at most 50 per team.
 * Failures are 1006 with the validator's i18n key; a label id of another team is 1003.
 */
export class LabelService {
  constructor(private readonly labels: LabelRepo) {}

  async list(caller: CurrentUser): Promise<LabelListReply> {
    const [rows, counts] = await Promise.all([
      this.labels.listTeam(caller.teamId),
      this.labels.deviceCounts(caller.scope),
    ]);
    return { list: rows.map((l) => presentLabel(l, counts.get(l.id) ?? 0)), max: Limits.labelMax };
  }

  async add(caller: CurrentUser, rawName: string): Promise<LabelItem> {
    const name = rawName.trim();
    const existing = await this.labels.listTeam(caller.teamId);
    assertValid(
      'name',
      validateLabelName(
        name,
        existing.map((l) => l.name),
      ),
    );
    assertValid('name', validateLabelAdd(existing.length));
    return presentLabel(await onUniqueViolation(() => this.labels.insert(caller.teamId, name), duplicate), 0);
  }

  async rename(caller: CurrentUser, id: number, rawName: string): Promise<LabelItem> {
    const name = rawName.trim();
    await this.require(caller, id);
    const others = (await this.labels.listTeam(caller.teamId)).filter((l) => l.id !== id);
    assertValid(
      'name',
      validateLabelName(
        name,
        others.map((l) => l.name),
      ),
    );
    const renamed = await onUniqueViolation(() => this.labels.rename(id, name), duplicate);
    return presentLabel(renamed, (await this.labels.deviceCounts(caller.scope)).get(id) ?? 0);
  }

  /** Deletes the label and removes it from every device of the team. */
  async delete(caller: CurrentUser, id: number): Promise<void> {
    await this.require(caller, id);
    await this.labels.delete(caller.teamId, id);
  }

  /** Refuses label ids that are not all the caller's team's (1003), or more than a device may hold (1006). */
  async requireTeamLabels(caller: CurrentUser, labelIds: readonly number[]): Promise<void> {
    if (labelIds.length > Limits.labelMax) throw new AppError(ErrorCode.E1006_BAD_PARAMETER);
    const found = await this.labels.findMany(caller.teamId, labelIds);
    if (found.length !== labelIds.length) throw new AppError(ErrorCode.E1003_NO_DATA);
  }

  /** Labels (id, name) of each device, in name order. */
  labelsOf(deviceIds: readonly number[]): Promise<Map<number, DeviceLabel[]>> {
    return this.labels.labelsOf(deviceIds);
  }

  /** Label ids of each device (in the caller's transaction when it changes them next). */
  labelIdsOf(deviceIds: readonly number[], db?: Db): Promise<Map<number, number[]>> {
    return this.labels.labelIdsOf(deviceIds, db);
  }

  /** Replaces the label set of each device, in the caller's transaction. */
  setDeviceLabels(labelsByDevice: ReadonlyMap<number, readonly number[]>, db: Db): Promise<void> {
    return this.labels.setDeviceLabels(labelsByDevice, db);
  }

  private async require(caller: CurrentUser, id: number): Promise<Label> {
    const label = await this.labels.find(caller.teamId, id);
    if (!label) throw new AppError(ErrorCode.E1003_NO_DATA);
    return label;
  }
}

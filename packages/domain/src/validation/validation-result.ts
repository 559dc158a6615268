/**
 * Every key a validator of this package can emit. Each is an i18n key of the `validation`
 * catalogues (i18n/validation.<locale>.json, flat keys) and each message may interpolate the
 * params of the failure with i18next syntax (`{{word}}`).
 */
export const validationKeys = [
  'validation.required',
  'validation.positiveInteger',
  'validation.text.controlChars',
  'validation.text.singleLine',
  'validation.text.malformed',
  'validation.password.required',
  'validation.password.length',
  'validation.password.invalidChar',
  'validation.password.classes',
  'validation.password.confirmMismatch',
  'validation.password.sameAsCurrent',
  'validation.phone.required',
  'validation.phone.invalid',
  'validation.phone.areaCode',
  'validation.email.required',
  'validation.email.invalid',
  'validation.verifyCode.invalid',
  'validation.deviceName.required',
  'validation.deviceName.space',
  'validation.deviceName.start',
  'validation.deviceName.chars',
  'validation.deviceName.reserved',
  'validation.recipe.required',
  'validation.recipe.length',
  'validation.recipe.reserved',
  'validation.recipe.limit',
  'validation.recipeItem.duplicate',
  'validation.recipeItem.tag',
  'validation.recipeItem.readOnly',
  'validation.recipeItem.value',
  'validation.recipeImport.missingColumns',
  'validation.recipeImport.empty',
  'validation.recipeImport.tooManyRows',
  'validation.recipeImport.tooManyCells',
  'validation.recipeImport.formula',
  'validation.recipeImport.device',
  'validation.recipeImport.tag',
  'validation.recipeImport.tooManyItems',
  'validation.recipeImport.badRows',
  'validation.label.required',
  'validation.label.length',
  'validation.label.duplicate',
  'validation.label.tooMany',
  'validation.label.tooManySelected',
  'validation.board.duplicateCard',
  'validation.board.favouritesFull',
  'validation.screen.versionConflict',
  'validation.screen.document',
  'validation.screen.foreignAssets',
  'validation.screen.foreignScreens',
  'validation.screen.foreignRecipes',
  'validation.screen.write',
  'validation.project.lockedCreate',
  'validation.projectAsset.noFile',
  'validation.projectAsset.tooLarge',
  'validation.projectAsset.notImage',
  'validation.projectAsset.badPicture',
  'validation.projectAsset.emptySvg',
  'validation.projectAsset.tooMany',
  'validation.projectAsset.projectFull',
  'validation.projectAsset.inUse',
  'validation.projectShare.tooMany',
  'validation.roleName.required',
  'validation.roleName.length',
  'validation.zoneName.required',
  'validation.zoneName.chars',
  'validation.zoneName.length',
  'validation.rolePermissions.unknown',
  'validation.monitor.nameRequired',
  'validation.monitor.nameLength',
  'validation.monitor.nameDuplicate',
  'validation.monitor.length',
  'validation.monitor.decimals',
  'validation.monitor.batchCount',
  'validation.monitor.stationNumber',
  'validation.alarm.nameRequired',
  'validation.alarm.nameDuplicate',
  'validation.alarm.valueMismatch',
  'validation.alarm.valueRange',
  'validation.alarm.realRange',
  'validation.alarm.unknownType',
  'validation.alarm.ruleMismatch',
  'validation.alarm.targetMismatch',
  'validation.alarm.onOffValue',
  'validation.alarm.onOnlyOne',
  'validation.alarm.offOnlyZero',
  'validation.alarm.limitTagType',
  'validation.alarm.deviationTagType',
  'validation.alarm.onOffTagType',
  'validation.alarmExpression.syntax',
  'validation.alarmExpression.tagId',
  'validation.alarmExpression.rule',
  'validation.card.numberRequired',
  'validation.card.numberInvalid',
  'validation.card.passwordRequired',
  'validation.card.passwordInvalid',
  'validation.card.numberChecksum',
  'validation.card.isRemoteAccess',
  'validation.card.isCloudApplication',
  'validation.tagLevel.upgradeOnly',
  'validation.traffic.pastMonth',
  'validation.traffic.lockedForMonth',
  'validation.remote.hmiVersion',
  'validation.importFile.type',
  // Emitted by the server's alarm rule checks and importer (apps/server/src/modules/alarm-rule).
  'validation.alarmImport.noFile',
  'validation.alarmImport.tooLarge',
  'validation.alarmImport.notWorkbook',
  'validation.alarmImport.legacyXls',
  'validation.alarmImport.unreadable',
  'validation.alarmImport.unsafe',
  'validation.alarmImport.tooManyCells',
  'validation.alarmImport.noSheet',
  'validation.alarmImport.missingColumns',
  'validation.alarmImport.empty',
  'validation.alarmImport.tooManyRows',
  'validation.alarmImport.ruleLimit',
  'validation.alarmImport.badRows',
  'validation.alarmImport.tooLong',
  'validation.alarmImport.level',
  'validation.alarmImport.type',
  'validation.alarmImport.tag',
  'validation.alarmImport.deviation',
  'validation.alarmImport.deadband',
] as const;

export type ValidationKey = (typeof validationKeys)[number];
export type ValidationParams = Readonly<Record<string, string | number>>;

export type ValidationOk = { readonly ok: true };
export type ValidationFailure = {
  readonly ok: false;
  readonly key: ValidationKey;
  /** Interpolation values of the message; always present (possibly empty) so `t(key, params)` works. */
  readonly params: ValidationParams;
};
/** What every validator returns: never literal text, only an i18n key and its params. */
export type ValidationResult = ValidationOk | ValidationFailure;
/** Result of a parser: the parsed value, or a failure like any validator's. */
export type ParseResult<T> = { readonly ok: true; readonly value: T } | ValidationFailure;

export const VALID: ValidationOk = Object.freeze({ ok: true });

/** Builds a failure result. */
export function invalid(key: ValidationKey, params: ValidationParams = {}): ValidationFailure {
  return { ok: false, key, params };
}

/** Runs validators in order and returns the first failure, or VALID. */
export function firstFailure(...results: readonly (() => ValidationResult)[]): ValidationResult {
  for (const run of results) {
    const r = run();
    if (!r.ok) return r;
  }
  return VALID;
}

/** Length in code points, so one Chinese character or emoji counts as one. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export * from './errors/error-codes.ts';
export * from './api/envelope.ts';
export * from './api/auth.api.ts';
export * from './permissions/permission-ids.ts';

export * from './constants/tag-types.constants.ts';
export * from './constants/states.constants.ts';
export * from './constants/alarm.constants.ts';
export * from './constants/regions.constants.ts';
export * from './constants/storage-keys.constants.ts';
export * from './constants/locale.constants.ts';
export * from './constants/reserved-names.constants.ts';
export * from './constants/limits.constants.ts';

export * from './permissions/permission-groups.ts';
export * from './permissions/visibility.policy.ts';
export * from './permissions/menu-tree.ts';

export * from './validation/validation-result.ts';
export * from './validation/zod-glue.ts';
export * from './validation/integer.validation.ts';
export * from './validation/password.validation.ts';
export * from './validation/contact.validation.ts';
export * from './validation/device-name.validation.ts';
export * from './validation/label.validation.ts';
export * from './validation/team-names.validation.ts';
export * from './validation/monitor.validation.ts';
export * from './validation/alarm-value.validation.ts';
export * from './validation/alarm-rule.validation.ts';
export * from './validation/card.validation.ts';
export * from './validation/import-file.validation.ts';

export * from './helpers/group-tree.helper.ts';
export * from './helpers/number-format.helper.ts';
export * from './helpers/alarm-expression.parser.ts';
export * from './protocol/index.ts';
export * from './i18n/catalogues.i18n.ts';
export * from './api/device.api.ts';
export * from './api/device-connection.api.ts';
export * from './api/group.api.ts';
export * from './api/label.api.ts';
export * from './api/template.api.ts';
export * from './api/history.api.ts';
export * from './api/live.api.ts';
export * from './api/settag.api.ts';
export * from './api/monitor.api.ts';
export * from './api/alarm.api.ts';
export * from './api/message.api.ts';

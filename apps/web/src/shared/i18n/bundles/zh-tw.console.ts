/**
 * The console's namespaces of zh-tw (every web namespace the start and public bundles do not carry),
 * fetched with the signed-in shell: a first visit without a token does not download them.
 */
export const files: Record<string, unknown> = import.meta.glob(
  [
    '../../../i18n/zh-tw/*.json',
    '!../../../i18n/zh-tw/{common,login,register,activation,agreement,download,scada}.json',
  ],
  { eager: true, import: 'default' },
);

/**
 * The console's namespaces of zh-tw (every web namespace the public bundle does not carry),
 * fetched with the signed-in shell: a first visit to /login does not download them.
 */
export const files: Record<string, unknown> = import.meta.glob(
  [
    '../../../i18n/zh-tw/*.json',
    '!../../../i18n/zh-tw/{common,login,register,activation,agreement,download,scada,layout,menu}.json',
  ],
  { eager: true, import: 'default' },
);

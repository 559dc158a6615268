/**
 * The console's namespaces of en-us (every web namespace the public bundle does not carry),
 * fetched with the signed-in shell: a first visit to /login does not download them.
 */
export const files: Record<string, unknown> = import.meta.glob(
  [
    '../../../i18n/en-us/*.json',
    '!../../../i18n/en-us/{common,login,register,activation,agreement,download,scada,layout,menu}.json',
  ],
  { eager: true, import: 'default' },
);

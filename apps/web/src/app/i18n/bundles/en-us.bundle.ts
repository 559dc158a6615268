/** Every namespace of en-us, bundled into one chunk loaded when en-us is the interface language. */
export const files: Record<string, unknown> = import.meta.glob('../../../i18n/en-us/*.json', {
  eager: true,
  import: 'default',
});

/** Every namespace of zh-tw, bundled into one chunk loaded when zh-tw is the interface language. */
export const files: Record<string, unknown> = import.meta.glob('../../../i18n/zh-tw/*.json', {
  eager: true,
  import: 'default',
});

/** Every namespace of zh-cn, bundled into one chunk loaded when zh-cn is the interface language. */
export const files: Record<string, unknown> = import.meta.glob('../../../i18n/zh-cn/*.json', {
  eager: true,
  import: 'default',
});

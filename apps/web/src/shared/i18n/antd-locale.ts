import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@hmi/domain';

/** antd's own texts follow the interface language (loaded at start with it, one chunk each). */
export async function loadLibraryLocales(locale: Locale): Promise<AntdLocale> {
  switch (locale) {
    case 'en-us':
      return (await import('antd/es/locale/en_US')).default;
    case 'zh-tw':
      return (await import('antd/es/locale/zh_TW')).default;
    default:
      return (await import('antd/es/locale/zh_CN')).default;
  }
}

/**
 * dayjs's texts follow the interface language too. Only the console formats dates (the public
 * pages do not): dayjs comes with the console's texts (loadConsoleTexts), not on a first visit.
 */
export async function loadDateLocale(locale: Locale): Promise<void> {
  const dayjs = (await import('dayjs')).default;
  switch (locale) {
    case 'en-us':
      dayjs.locale('en');
      return;
    case 'zh-tw':
      await import('dayjs/locale/zh-tw');
      dayjs.locale('zh-tw');
      return;
    default:
      await import('dayjs/locale/zh-cn');
      dayjs.locale('zh-cn');
  }
}

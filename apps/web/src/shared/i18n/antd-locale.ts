import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@hmi/domain';

/** antd's and dayjs's own texts follow the interface language (loaded with it, one chunk each). */
export async function loadLibraryLocales(locale: Locale): Promise<AntdLocale> {
  const dayjs = (await import('dayjs')).default;
  switch (locale) {
    case 'en-us':
      dayjs.locale('en');
      return (await import('antd/es/locale/en_US')).default;
    case 'zh-tw':
      await import('dayjs/locale/zh-tw');
      dayjs.locale('zh-tw');
      return (await import('antd/es/locale/zh_TW')).default;
    default:
      await import('dayjs/locale/zh-cn');
      dayjs.locale('zh-cn');
      return (await import('antd/es/locale/zh_CN')).default;
  }
}

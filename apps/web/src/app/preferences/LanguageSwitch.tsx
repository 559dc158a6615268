import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '@hmi/domain';
import { switchLocale } from '../i18n/i18n.ts';

/** Language menu; choosing stores LOCALE, clears the cached card types and reloads. */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.language as Locale;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: locales.map((l) => ({ key: l, label: t(`language.${l}`), 'data-testid': `lang-${l}` })),
        onClick: ({ key }) => {
          if (key !== current) switchLocale(key as Locale);
        },
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<GlobalOutlined />}
        data-testid="language-switch"
        aria-label={t('language.label')}
      >
        {compact ? null : t(`language.${current}`)}
      </Button>
    </Dropdown>
  );
}

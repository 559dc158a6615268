import { useState } from 'react';
import { Button, Popover } from 'antd';
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '@hmi/domain';
import { switchLocale } from '../i18n/i18n.ts';
import './language-switch.css';

/**
 * Language menu; choosing stores LOCALE, clears the cached card types and reloads. A popover of
 * buttons rather than a Dropdown menu: it is on the login screen, and rc-menu is heavy.
 */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.language as Locale;
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      content={
        <div className="language-list" role="menu">
          {locales.map((l) => (
            <Button
              key={l}
              type="text"
              block
              role="menuitemradio"
              aria-checked={l === current}
              data-testid={`lang-${l}`}
              className="language-item"
              onClick={() => {
                setOpen(false);
                if (l !== current) switchLocale(l);
              }}
            >
              <span>{t(`language.${l}`)}</span>
              {l === current ? <CheckOutlined /> : null}
            </Button>
          ))}
        </div>
      }
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
    </Popover>
  );
}

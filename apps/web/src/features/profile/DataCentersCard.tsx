import { useState } from 'react';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRegion, type Region, type UserProfile } from '@hmi/domain';
import { sessionRegion } from '../../shared/session/session-region.ts';
import { useAddDataCenter, useSwitchRegion } from './use-profile-mutations.ts';

/**
 * The account's data centers: the one the console works in is marked, the others switch to it
 * without signing in again (GET /global/region). The main account can add another region, among
 * those the server can provision (`peer_regions` of getUserInfo): none left, no action.
 */
export function DataCentersCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const add = useAddDataCenter();
  const switchTo = useSwitchRegion();
  const current = profile.data_center.split(',').filter(Boolean);
  const working = sessionRegion(profile);
  const available = (profile.peer_regions ?? []).filter((r) => !current.includes(r));
  const [choice, setChoice] = useState<Region>();
  return (
    <Card title={t('dataCenter.title')}>
      <Typography.Paragraph type="secondary">
        {t(profile.is_main && available.length === 0 ? 'dataCenter.textNone' : 'dataCenter.text')}
      </Typography.Paragraph>
      <Space wrap className="profile-centers">
        {current.map((c) =>
          c === working || !isRegion(c) ? (
            <Tag key={c} color="blue" data-testid={`center-${c}`}>
              {t(`common:region.${c}`, { defaultValue: c })}
              {c === working && ` · ${t('dataCenter.current')}`}
            </Tag>
          ) : (
            <Button
              key={c}
              size="small"
              loading={switchTo.isPending && switchTo.variables === c}
              data-testid={`switch-center-${c}`}
              onClick={() => switchTo.mutate(c)}
            >
              {t('dataCenter.switch', { region: t(`common:region.${c}`) })}
            </Button>
          ),
        )}
      </Space>
      {!profile.is_main ? (
        <Typography.Paragraph type="secondary">{t('dataCenter.subOnly')}</Typography.Paragraph>
      ) : available.length === 0 ? null : (
        <Space.Compact className="profile-add-center">
          <Select<Region>
            placeholder={t('dataCenter.choose')}
            value={choice}
            onChange={setChoice}
            options={available.map((r) => ({ value: r, label: t(`common:region.${r}`) }))}
            className="profile-add-center-select"
            data-testid="add-center-select"
          />
          <Button
            type="primary"
            disabled={!choice}
            loading={add.isPending}
            data-testid="add-center"
            onClick={() => choice && add.mutate(choice, { onSuccess: () => setChoice(undefined) })}
          >
            {t('dataCenter.add')}
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}

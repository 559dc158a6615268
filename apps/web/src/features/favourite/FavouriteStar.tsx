import { useMemo } from 'react';
import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFavourites, useSetFavourite } from './use-favourites.ts';
import './favourite.css';

/** The star of a device (device list row, device page): adds it to or removes it from the favourites. */
export function FavouriteStar({ deviceId, size = 'small' }: { deviceId: number; size?: 'small' | 'middle' }) {
  const { t } = useTranslation('board');
  const favourites = useFavourites();
  const set = useSetFavourite();
  const ids = useMemo(() => new Set(favourites.data?.list.map((f) => f.device_id)), [favourites.data]);
  const on = ids.has(deviceId);
  const label = on ? t('favourite.remove') : t('favourite.add');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size={size}
        className={`favourite-star ${on ? 'is-on' : ''}`}
        icon={on ? <StarFilled /> : <StarOutlined />}
        aria-label={label}
        aria-pressed={on}
        data-testid="favourite-star"
        loading={set.isPending}
        disabled={favourites.isLoading}
        onClick={(e) => {
          e.stopPropagation();
          set.mutate({ deviceId, on: !on });
        }}
      />
    </Tooltip>
  );
}

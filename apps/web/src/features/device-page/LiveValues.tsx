import { Badge, Empty, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { tagDataTypeName, type HistoryTag } from '@hmi/domain';
import { useLiveValue, type LiveValueStore } from '../live/index.ts';
import { formatTagValue, tagQuality, type TagQuality } from '../monitor/index.ts';

const qualityStatus: Record<TagQuality, 'success' | 'warning' | 'default'> = {
  fresh: 'success',
  stale: 'warning',
  offline: 'default',
};

interface Props {
  /** The tags on the socket's page (the device's first ones, in template order). */
  tags: readonly HistoryTag[];
  values: LiveValueStore;
  online: boolean;
  now: number;
}

/** The latest value of the device's first tags, each tile updating alone as values arrive. */
export function LiveValues({ tags, values, online, now }: Props) {
  const { t } = useTranslation('devicepage');
  if (tags.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="devpage-live-empty">{t('live.noTags')}</span>}
      />
    );
  }
  return (
    <div className="devpage-live-grid" data-testid="devpage-live">
      {tags.map((tag) => (
        <LiveTile key={tag.id} tag={tag} values={values} online={online} now={now} />
      ))}
    </div>
  );
}

function LiveTile({ tag, values, online, now }: { tag: HistoryTag } & Omit<Props, 'tags'>) {
  const { t } = useTranslation(['devicepage', 'monitor']);
  const v = useLiveValue(values, tag.id);
  const q = tagQuality(online, v?.receivedAt, Math.max(now, v?.receivedAt ?? 0));
  const text = formatTagValue(v?.value, tag.data_type, tag.decimals);
  return (
    <div className="devpage-live-tile" data-testid="devpage-live-tile" data-tag={tag.name}>
      <div className="devpage-live-name">
        <span className="devpage-ellipsis" title={tag.name}>
          {tag.name}
        </span>
        <Tooltip title={t(`monitor:quality.${q}Hint`)}>
          <Badge status={qualityStatus[q]} aria-label={t(`monitor:quality.${q}`)} data-quality={q} />
        </Tooltip>
      </div>
      <div className="devpage-live-value" data-testid={`devpage-value-${tag.name}`} title={text}>
        {text}
        {tag.unit && v ? <span className="devpage-live-unit"> {tag.unit}</span> : null}
      </div>
      <div className="devpage-live-meta">
        <span>{tagDataTypeName(tag.data_type) ?? tag.data_type}</span>
        {v ? (
          <Tooltip title={t('live.updated', { time: dayjs(v.ts).format('YYYY-MM-DD HH:mm:ss') })}>
            <span className="devpage-mono">{dayjs(v.ts).format('HH:mm:ss')}</span>
          </Tooltip>
        ) : null}
      </div>
    </div>
  );
}

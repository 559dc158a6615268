import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRANT_KINDS, type GrantKind } from './grants.ts';

/** Data permission counts as short tags ("3 groups"), kinds with none left out. */
export function GrantCountTags({ counts, empty }: { counts: Record<GrantKind, number>; empty: string }) {
  const { t } = useTranslation('role');
  const kinds = GRANT_KINDS.filter((k) => counts[k] > 0);
  if (kinds.length === 0) return <span className="device-muted">{empty}</span>;
  return (
    <span className="role-tags">
      {kinds.map((k) => (
        <Tag key={k} variant="outlined">
          {t(`list.count.${k}`, { count: counts[k] })}
        </Tag>
      ))}
    </span>
  );
}

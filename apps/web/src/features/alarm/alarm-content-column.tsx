import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';

/**
 * The alarm content column the rule table and the record table share: the text clamped to two
 * lines (the whole of it as a tooltip), or the muted dash when a rule has none.
 */
export function alarmContentColumn<R extends { content?: string | null }>(t: TFunction, muted: ReactNode) {
  return {
    key: 'content',
    title: t('field.content'),
    render: (_v: unknown, r: R) =>
      r.content ? (
        <span className="alarm-clamp" title={r.content}>
          {r.content}
        </span>
      ) : (
        muted
      ),
  };
}

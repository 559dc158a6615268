import type { ReactNode } from 'react';

export interface FilterRowProps {
  /** The search box and filters, left to right; they wrap on narrow screens. */
  children: ReactNode;
  /** Right-hand tools or a count, pushed to the end of the row (null: the spacer alone). */
  extra?: ReactNode;
  /** Class of the row (its width rules on phones, its own margin). */
  className?: string;
  /** Under the row, inside the block (FilterBar's phone panel). */
  below?: ReactNode;
  /** In a list's filter block (default, with its bottom margin), or the row alone (a drawer's tools). */
  block?: boolean;
}

/**
 * A list's filter row: search and filters that wrap on narrow screens, then `extra` at the end.
 * FilterBar adds the phone toggle, the active count and reset to it; a screen with few filters
 * and no reset uses it as is.
 */
export function FilterRow({ children, extra, className, below, block = true }: FilterRowProps) {
  const row = (
    <div className={className ? `device-filters-row ${className}` : 'device-filters-row'}>
      {children}
      {extra !== undefined ? (
        <>
          <div className="device-filters-spacer" />
          {extra}
        </>
      ) : null}
    </div>
  );
  if (!block) return row;
  return (
    <div className="device-filters">
      {row}
      {below}
    </div>
  );
}

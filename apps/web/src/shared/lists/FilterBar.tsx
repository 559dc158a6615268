import { useState, type ReactNode } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import { FilterRow } from './FilterRow.tsx';

interface Props {
  /** Phones: the filters go behind a toggle button (with the active count) into a panel. */
  compact: boolean;
  /** Always on the row, first (the search box). */
  lead?: ReactNode;
  /** The filter controls. */
  children: ReactNode;
  /** How many filters are set: the toggle's badge; the reset button shows when above 0. */
  active: number;
  onReset(): void;
  texts: { reset: string; toggle: string };
  /** The toggle shows its text (else an icon with the text as its label). */
  toggleWithText?: boolean;
  /** Right-hand tools (column settings, export). */
  extra?: ReactNode;
  /** Class of the phones' panel. */
  panelClassName?: string;
  testIds: { toggle: string; reset: string };
}

/** The filter row of a list (a FilterRow): search, filters, reset and tools; on phones behind a toggle. */
export function FilterBar(p: Props) {
  const [open, setOpen] = useState(false);
  const filters = (
    <>
      {p.children}
      {p.active > 0 ? (
        <Tooltip title={p.compact ? undefined : p.texts.reset}>
          <Button
            icon={<ClearOutlined />}
            onClick={p.onReset}
            aria-label={p.texts.reset}
            data-testid={p.testIds.reset}
          >
            {p.compact ? p.texts.reset : null}
          </Button>
        </Tooltip>
      ) : null}
    </>
  );
  return (
    <FilterRow
      extra={p.extra ?? null}
      below={
        p.compact && open ? <div className={p.panelClassName ?? 'device-filters-panel'}>{filters}</div> : null
      }
    >
      {p.lead}
      {p.compact ? (
        <Badge count={p.active} size="small">
          <Button
            icon={<FilterOutlined />}
            onClick={() => setOpen((o) => !o)}
            type={open ? 'primary' : 'default'}
            aria-expanded={open}
            aria-label={p.toggleWithText ? undefined : p.texts.toggle}
            data-testid={p.testIds.toggle}
          >
            {p.toggleWithText ? p.texts.toggle : null}
          </Button>
        </Badge>
      ) : (
        filters
      )}
    </FilterRow>
  );
}

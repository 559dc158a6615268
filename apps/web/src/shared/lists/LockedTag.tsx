import { Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import './locked-tag.css';

interface Props {
  /** The tag's word ("Locked"), in the feature's namespace. */
  label: string;
  /** Why it is locked and how to restore it, on hover or focus (and read out). */
  tooltip: string;
  testId: string;
}

/**
 * "Locked" on a row beyond the team's allowance (a template, a project: docs/api.md, Billing,
 * Locks). The feature passes its own words; the tag is focusable so the reason reaches keyboards.
 */
export function LockedTag({ label, tooltip, testId }: Props) {
  return (
    <Tooltip title={tooltip}>
      <Tag
        icon={<LockOutlined />}
        color="warning"
        className="locked-tag"
        tabIndex={0}
        aria-description={tooltip}
        data-testid={testId}
      >
        {label}
      </Tag>
    </Tooltip>
  );
}

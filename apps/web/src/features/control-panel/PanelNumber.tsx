import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A number of the panel: a link to the filtered list behind it when the caller may open it. */
export function PanelNumber({
  to,
  label,
  testId,
  children,
}: {
  to: string | undefined;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  if (!to)
    return (
      <span className="cp-number" data-testid={testId}>
        {children}
      </span>
    );
  return (
    <Link to={to} className="cp-number cp-number-link" aria-label={label} data-testid={testId}>
      {children}
    </Link>
  );
}

import { Link } from 'react-router';
import { deviceHref } from './device-routes.ts';
import './device-name-link.css';

interface Props {
  id: number;
  name: string;
  className?: string;
}

/**
 * A device's name leading to its page. Clicks stay on the link (rows that expand or select on
 * click do not see them).
 */
export function DeviceNameLink({ id, name, className }: Props) {
  return (
    <Link
      to={deviceHref(id)}
      className={className ? `device-name-link ${className}` : 'device-name-link'}
      data-testid="device-link"
      data-device={id}
      onClick={(e) => e.stopPropagation()}
    >
      {name}
    </Link>
  );
}

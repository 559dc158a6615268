import { Navigate } from 'react-router';
import { useShellMenu } from './use-shell-menu.ts';

/** '/' and every signed-in path without a screen lead to the start page. */
export function StartRedirect() {
  const shell = useShellMenu();
  return shell ? <Navigate to={shell.start} replace /> : null;
}

/**
 * Where /login sends a user who is already signed in (SPEC section 2): the template or project
 * list when the link carries templateid / projectid, else the start page (via '/').
 */
export function signedInTarget(search: URLSearchParams): string {
  const templateId = search.get('templateid');
  if (templateId) return `/device/templatelist?templateid=${encodeURIComponent(templateId)}`;
  const projectId = search.get('projectid');
  if (projectId) return `/device/projectlist?projectid=${encodeURIComponent(projectId)}`;
  return '/';
}

/**
 * Where a project's screens open: the designer (`/device/projectlist/designer`, edit 42) and the
 * runtime view (`/scada`, public route that signs the viewer in itself). Both pages are their
 * own chunks; the list only links to them.
 */
export const DESIGNER_PATH = '/device/projectlist/designer';
export const RUNTIME_PATH = '/scada';

export const designerHref = (screenId: number) => `${DESIGNER_PATH}?screen=${screenId}`;
export const runtimeHref = (projectId: number, screenId: number) =>
  `${RUNTIME_PATH}?project=${projectId}&screen=${screenId}`;

/** The project a `?projectid=` link opens (the login redirect, SPEC section 2): a positive whole number, else none. */
export function linkedProjectId(raw: string | null): number | undefined {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

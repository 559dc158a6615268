/** The spinning circle of the loading overlay and route fallbacks (plain CSS: first-visit weight). */
export function SpinnerCircle({ label }: { label: string }) {
  return <span className="app-spinner" role="status" aria-label={label} />;
}

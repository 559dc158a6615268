type Listener = () => void;

/** The global full-page loading overlay: two states, visible and hidden (SPEC section 1). */
export interface LoadingControls {
  start(): void;
  finish(): void;
}

const listeners = new Set<Listener>();
let visible = false;

function set(next: boolean) {
  if (visible === next) return;
  visible = next;
  for (const l of listeners) l();
}

export const loading: LoadingControls & {
  isVisible(): boolean;
  subscribe(listener: Listener): () => void;
} = {
  start: () => set(true),
  finish: () => set(false),
  isVisible: () => visible,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

declare global {
  interface Window {
    /** start/finish of the global loading overlay, for code outside React. */
    $loading: LoadingControls;
  }
}

/** Exposes the controls globally, as the spec requires. */
export function exposeLoading(): void {
  window.$loading = { start: loading.start, finish: loading.finish };
}

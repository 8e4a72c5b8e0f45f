/**
 * Shows a toast: the one way to raise one (ESLint refuses `sonner` anywhere but here and the
 * toast region, platform/shell/Toasts.tsx). Neither the toast library nor the region is in
 * a page's JavaScript until the first toast: `notify` imports the library, raises the toast
 * and asks the shell to mount the region (`useToastRegionWanted`), which shows the toasts
 * raised before it subscribed (sonner replays the active ones).
 */
export async function notify(
  kind: 'error' | 'info' | 'success',
  title: string,
  options: { description?: string; id?: string; duration?: number } = {},
): Promise<void> {
  const { toast } = await import('sonner');
  toast[kind](title, options);
  wantRegion();
}

/** The toast region's module (it brings the toast library with it), loaded on demand. */
export const loadToastRegion = () => import('~/platform/shell/Toasts');

/**
 * Loads the toast library and region before the first toast, for a page that raises toasts
 * after its connection has come and gone: the check-in screen loads them before it saves its
 * files for offline use (decision 0041). Loaded at the first toast instead, a fetch that failed
 * (the connection gone again, or the screen's worker still offline) lost that toast, and the
 * browser keeps a failed import failed: seen as the "already arrived" notice that never came.
 */
export async function loadToasts(): Promise<void> {
  // Both: the bundler gives `notify`'s import of the library a small chunk of its own.
  await Promise.all([import('sonner'), loadToastRegion()]);
}

let regionWanted = false;
const listeners = new Set<() => void>();

function wantRegion() {
  if (regionWanted) return;
  regionWanted = true;
  for (const listener of listeners) listener();
}

/** For the shell's `useSyncExternalStore`: whether a toast has been raised on this page yet. */
export const toastRegion = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: () => regionWanted,
  /** Rendered by the server and at hydration: no region. */
  serverWanted: () => false,
};

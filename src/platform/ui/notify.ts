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

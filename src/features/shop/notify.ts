/**
 * Shows a toast. The toast library loads with the toast region after hydration
 * (src/platform/shell/Toasts.tsx), so it is imported on demand here too: pages with a Buy button
 * keep it out of their first-load JavaScript. Toasts raised before the region mounts are
 * replayed by the library when it subscribes.
 */
export function notify(
  kind: 'error' | 'info',
  title: string,
  options: { description?: string; id?: string } = {},
) {
  void import('sonner').then(({ toast }) => toast[kind](title, options));
}

/**
 * Shows a toast: the one way to raise one (ESLint refuses `sonner` anywhere but here and the
 * toast region, platform/shell/Toasts.tsx). The toast library loads with the toast region
 * after hydration, so it is imported on demand here too: pages keep it out of their
 * first-load JavaScript. Toasts raised before the region mounts are replayed by the library
 * when it subscribes.
 */
export async function notify(
  kind: 'error' | 'info' | 'success',
  title: string,
  options: { description?: string; id?: string; duration?: number } = {},
): Promise<void> {
  const { toast } = await import('sonner');
  toast[kind](title, options);
}

/**
 * Shows a toast. The toast library loads with the toast region after hydration
 * (platform/shell/Toasts.tsx), so it is imported on demand here too: pages keep it out of
 * their first-load JavaScript. Toasts raised before the region mounts are replayed by the
 * library when it subscribes.
 */
export async function notify(
  kind: 'error' | 'info',
  title: string,
  options: { description?: string; id?: string } = {},
): Promise<void> {
  const { toast } = await import('sonner');
  toast[kind](title, options);
}

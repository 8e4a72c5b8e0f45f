/**
 * Toasts for the forms, with the toast library loaded on first use: like the site's toast
 * region, it stays out of the pages' first-load JavaScript.
 */
export async function notify(kind: 'error' | 'info', title: string, description?: string): Promise<void> {
  const { toast } = await import('sonner');
  toast[kind](title, description ? { description } : undefined);
}

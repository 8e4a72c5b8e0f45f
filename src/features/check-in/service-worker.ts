import { PATHS } from '~/platform/paths';

/** The check-in worker's cache (public/check-in-sw.js): deleted when access ends. */
const CACHE = 'check-in-v1';
const SCRIPT = '/check-in-sw.js';

/**
 * Keeps the check-in screen available offline (decision 0041): a service worker scoped to
 * this page alone, told which files the page loaded. Resolves when they are saved; false
 * where the browser has no service workers (the list and queue still work while the page
 * stays open).
 */
export async function keepScreenOffline(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  await navigator.serviceWorker.register(SCRIPT, { scope: PATHS.adminCheckIn });
  const { active } = await navigator.serviceWorker.ready;
  if (!active) return false;
  const urls = [
    location.href.split('#')[0]!,
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
  ];
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener(
      'message',
      function kept(event: MessageEvent<{ type?: string }>) {
        if (event.data?.type !== 'kept') return;
        navigator.serviceWorker.removeEventListener('message', kept);
        resolve(true);
      },
    );
    active.postMessage({ type: 'keep', urls });
  });
}

/** Access has ended: the saved page goes too. */
export async function forgetScreen(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(CACHE);
  const registration = await navigator.serviceWorker?.getRegistration(PATHS.adminCheckIn);
  await registration?.unregister();
}

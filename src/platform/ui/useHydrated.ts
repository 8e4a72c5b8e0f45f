import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the prerendered HTML, true afterwards. Use it for anything the
 * prerendered page cannot know (e.g. the address's query string), so the first client render
 * matches the static HTML and hydration stays clean.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

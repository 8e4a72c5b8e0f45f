import type { KeyboardEvent, MouseEvent } from 'react';

/**
 * Props for an `<a>` that works before (or without) the scripts, by following its `href` to a
 * page or place that does the same job, and once they run acts as a button: `activate` on
 * click, Enter or Space (a button's keys), the link not followed.
 */
export function actAsButton(activate: () => void) {
  return {
    role: 'button' as const,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      activate();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== ' ') return; // Enter already clicks a link
      event.preventDefault();
      activate();
    },
  };
}

import type { EventFacts } from '~/platform/site-content/event';
import { eventInstant } from './instant';

/** Whether the registration form takes registrations now (issue 30). */
type RegistrationState = 'notYet' | 'open' | 'closed';

/**
 * Where the published event stands at one moment: what the registration page, the home page
 * and the banner say, and what the server accepts. Pages are rendered at each change
 * (`nextPhaseChange`), so a page served from memory is never a phase behind.
 */
export interface EventPhase {
  registration: RegistrationState;
  /** The weekend has ended, and the organisers have not moved the facts to the next one yet. */
  over: boolean;
}

/** When registration opens ('' = already) and closes ('' = when the weekend ends), as instants. */
function window(facts: EventFacts): { opens: Date | null; closes: Date } {
  const { opens, closes } = facts.registration;
  return {
    opens: opens ? eventInstant(opens) : null,
    closes: eventInstant(closes || facts.end),
  };
}

export function eventPhase(facts: EventFacts, now = new Date()): EventPhase {
  const { opens, closes } = window(facts);
  const registration: RegistrationState = opens && now < opens ? 'notYet' : now < closes ? 'open' : 'closed';
  return { registration, over: now >= eventInstant(facts.end) };
}

/** The next moment after `now` at which the phase changes, or null when none is ahead. */
export function nextPhaseChange(facts: EventFacts, now = new Date()): Date | null {
  const { opens, closes } = window(facts);
  const ahead = [opens, closes, eventInstant(facts.end)].filter(
    (moment): moment is Date => !!moment && moment > now,
  );
  return ahead.length ? new Date(Math.min(...ahead.map(Number))) : null;
}

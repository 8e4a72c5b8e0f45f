import { useState } from 'react';
import { useSiteData } from '~/platform/content/site-data';
import { outcomeErrors, refill, type FormOutcome } from './outcome';

/** The outcome for `form` when this page was rendered after that form was posted, else null. */
function useFormOutcome(form: string): FormOutcome | null {
  const outcome = useSiteData().formOutcome;
  return outcome?.form === form ? outcome : null;
}

/**
 * The form's starting values and errors: blank, or, on the page rendered after it was
 * posted without scripts, what was typed and what was wrong with it. Taken once, so the
 * form is the visitor's from then on.
 */
export function usePostedForm<T extends object>(form: string, empty: T) {
  const outcome = useFormOutcome(form);
  const [start] = useState(() => ({
    defaultValues: outcome && outcome.status !== 'sent' ? refill(empty, outcome.values) : empty,
    errors: outcomeErrors(outcome),
  }));
  return { outcome, ...start };
}

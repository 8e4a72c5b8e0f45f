import { formAction } from '~/platform/forms/action.server';
import { formClientAction, formShouldRevalidate } from '~/platform/forms/outcome';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { myLinksRequestSchema } from './self-service';
import type { Route } from './+types/my-data.route';
import { MyDataPage } from './MyDataPage';

// The sender's own validation messages come from their form's pack.
await loadRoutePacks('privacy', 'forms', 'registration', 'contactForm', 'sponsorApplication');

/** "Send me my links", posted with or without scripts (decision 0039). */
export const action = (args: Route.ActionArgs) => formAction(args, { schema: myLinksRequestSchema });

/** With scripts: the server's answer, or the e-mail fallback when it cannot be reached. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => formClientAction(serverAction);

export const shouldRevalidate = formShouldRevalidate;

export default MyDataPage;

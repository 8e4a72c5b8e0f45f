import { formAction } from '~/platform/forms/action.server';
import { formClientAction, formShouldRevalidate } from '~/platform/forms/outcome';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { privateLinkLoader } from '~/platform/render/private-link';
import {
  INTENT_FIELD,
  isSelfServiceIntent,
  myLinksRequestSchema,
  selfServicePostSchema,
  type SelfServiceAnswer,
} from './self-service';
import type { Route } from './+types/my-data.route';
import { MyDataPage } from './MyDataPage';

// The sender's own validation messages come from their form's pack.
await loadRoutePacks('privacy', 'forms', 'registration', 'contactForm', 'sponsorApplication');

/**
 * The record the server read for the link in the address (issue 34: drawn in the HTML, no
 * script needed), or null when the page is rendered without one.
 */
export const loader = ({ context }: Route.LoaderArgs) => privateLinkLoader<SelfServiceAnswer>(context);

/**
 * "Send me my links", posted with or without scripts (decision 0039); and, without scripts, the
 * record's own buttons (open, correct, cancel: `intent`), answered with the record to show.
 */
export const action = async (args: Route.ActionArgs) => {
  const fields = await args.request
    .clone()
    .formData()
    .catch(() => undefined);
  const intent = fields?.get(INTENT_FIELD);
  return formAction(args, {
    schema: isSelfServiceIntent(intent) ? selfServicePostSchema : myLinksRequestSchema,
  });
};

/** With scripts: the server's answer, or the e-mail fallback when it cannot be reached. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => formClientAction(serverAction);

export const shouldRevalidate = formShouldRevalidate;

export default MyDataPage;

import { useActionData, useLoaderData } from 'react-router';
import { formAction } from '~/platform/forms/action.server';
import type { FormAnswer } from '~/platform/forms/outcome';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { privateLinkLoader } from '~/platform/render/private-link';
import type { Route } from './+types/place-offer.route';
import { PlaceOfferPage } from './PlaceOfferPage';
import type { OfferView } from './places';
import { offerAcceptSchema } from './schema';

await loadRoutePacks('registration', 'forms');

/**
 * The offer the server read for the token in the address (which weekend, until when, or why
 * not: sent as 404 or 410), or null when the page is rendered without one.
 */
export const loader = ({ context }: Route.LoaderArgs) => privateLinkLoader<OfferView>(context);

/**
 * Accepting a freed place (issue 32): the page's plain form posts to the address the e-mail
 * opened, token included, with or without scripts; the token comes from that address.
 */
export async function action(args: Route.ActionArgs) {
  const token = new URL(args.request.url).searchParams.get('token') ?? '';
  const fields = await args.request.formData().catch(() => new FormData());
  fields.set('token', token);
  const request = new Request(args.request.url, { method: 'POST', body: fields });
  return formAction({ ...args, request }, { schema: offerAcceptSchema });
}

export default function Page() {
  return (
    <PlaceOfferPage
      answer={useActionData<FormAnswer>()}
      offer={useLoaderData<OfferView | null>() ?? undefined}
    />
  );
}

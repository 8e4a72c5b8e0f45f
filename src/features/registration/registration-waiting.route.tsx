import { useLoaderData } from 'react-router';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import type { Route } from './+types/registration-waiting.route';
import { RegistrationWaitingPage } from './RegistrationWaitingPage';

await loadRoutePacks('registration');

/**
 * The number in line, from the address the form went on to (`?position=`): read when the
 * page is fetched after the form's post; the page kept rendered (opened afresh, or after a
 * post without scripts) has none and points to the e-mail that carries it.
 */
export function loader({ request }: Route.LoaderArgs) {
  const position = Number(new URL(request.url).searchParams.get('position'));
  return { position: Number.isInteger(position) && position > 0 && position < 1e6 ? position : null };
}

export default function Page() {
  const { position } = useLoaderData<typeof loader>();
  return <RegistrationWaitingPage position={position} />;
}

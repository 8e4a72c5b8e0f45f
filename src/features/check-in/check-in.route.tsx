import '~/platform/i18n/admin-packs';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { CheckInPage } from './CheckInPage';

await loadRoutePacks('admin', 'checkIn');

export default function CheckInRoute() {
  return <CheckInPage />;
}

import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function ZolinePage() {
  return <PlaceholderPage ns="zoline" />;
}

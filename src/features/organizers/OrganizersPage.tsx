import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function OrganizersPage() {
  return <PlaceholderPage ns="organizers" />;
}

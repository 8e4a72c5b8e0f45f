import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function ContactsPage() {
  return <PlaceholderPage ns="contacts" />;
}

import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function FaqPage() {
  return <PlaceholderPage ns="faq" />;
}

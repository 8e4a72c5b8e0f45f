import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function SafetyPage() {
  return <PlaceholderPage ns="safety" />;
}

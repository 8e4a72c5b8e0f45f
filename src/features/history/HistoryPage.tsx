import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function HistoryPage() {
  return <PlaceholderPage ns="history" />;
}

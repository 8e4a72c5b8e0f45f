import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function HomePage() {
  return <PlaceholderPage ns="home" />;
}

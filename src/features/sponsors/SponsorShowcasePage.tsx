import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function SponsorShowcasePage() {
  return <PlaceholderPage ns="sponsors" />;
}

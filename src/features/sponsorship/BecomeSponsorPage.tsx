import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function BecomeSponsorPage() {
  return <PlaceholderPage ns="sponsorship" />;
}

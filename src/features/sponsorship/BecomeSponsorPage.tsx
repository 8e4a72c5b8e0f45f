import { SponsorApplicationForm } from '~/features/sponsor-application/SponsorApplicationForm';
import { Container } from '~/ui/Container';
import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function BecomeSponsorPage() {
  return (
    <>
      <PlaceholderPage ns="sponsorship" />
      <Container className="max-w-3xl pb-16">
        <SponsorApplicationForm />
      </Container>
    </>
  );
}

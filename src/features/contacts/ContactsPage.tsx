import { ContactForm } from '~/features/contact-form/ContactForm';
import { Container } from '~/ui/Container';
import { PlaceholderPage } from '~/ui/PlaceholderPage';

export function ContactsPage() {
  return (
    <>
      <PlaceholderPage ns="contacts" />
      <Container className="max-w-3xl pb-16">
        <ContactForm />
      </Container>
    </>
  );
}

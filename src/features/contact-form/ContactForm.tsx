/** The contact form of /kontaktai. Placeholder until the forms feature lands. */
export function ContactForm() {
  return <div data-testid="contact-form-placeholder" />;
}

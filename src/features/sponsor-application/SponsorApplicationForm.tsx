/** The sponsor application form of /tapti-remeju. Placeholder until the forms feature lands. */
export function SponsorApplicationForm() {
  return <div data-testid="sponsor-application-placeholder" />;
}

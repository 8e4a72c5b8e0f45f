import { CircleCheckBig, House, Mail, MailCheck, PhoneCall, ClipboardCheck } from '~/platform/ui/icons/icons';
import { Link, useLocation } from 'react-router';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { PageMeta } from '~/platform/ui/PageMeta';
import type { RegistrationSuccessState } from './RegistrationForm';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';
import { Tagged } from './Tagged';
import { OutcomeHeader } from './OutcomeHeader';

interface Step {
  title: string;
  text: string;
}

const STEP_ICONS = [MailCheck, PhoneCall, ClipboardCheck];

export function RegistrationSuccessPage() {
  const t = usePageTexts();
  const state = useLocation().state as RegistrationSuccessState | null;
  const steps = t.tree<Step[]>('registrationSuccess.next.steps');
  const reminders = t.tree<string[]>('registrationSuccess.reminders.items');
  return (
    <>
      <PageMeta
        title={t('registrationSuccess.meta.title')}
        description={t('registrationSuccess.meta.description')}
      />
      <OutcomeHeader
        icon={CircleCheckBig}
        badge={t('registrationSuccess.badge')}
        title={t('registrationSuccess.title')}
        lead={t('registrationSuccess.lead')}
        className={{ header: 'bg-gradient-to-b from-forest-50 to-cream', icon: 'text-forest-600' }}
      >
        {state?.email ? (
          <p className="mx-auto mt-2 max-w-2xl break-words text-muted">
            {t('registrationSuccess.sentTo', { email: state.email })}
          </p>
        ) : null}
      </OutcomeHeader>
      <Container className="grid max-w-4xl gap-8 pb-16">
        <section aria-labelledby="next-steps">
          <h2 id="next-steps" className="text-2xl font-bold">
            {t('registrationSuccess.next.title')}
          </h2>
          <ol className="mt-4 grid gap-4 md:grid-cols-3">
            {steps.map((step, index) => {
              const Icon = STEP_ICONS[index] ?? MailCheck;
              return (
                <li key={step.title}>
                  <Card className="h-full">
                    <div className="flex items-center gap-3">
                      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ember-100 text-ember-700">
                        <Icon aria-hidden="true" className="h-5 w-5" />
                      </span>
                      <h3 className="font-bold leading-snug">{step.title}</h3>
                    </div>
                    <p className="mt-3 text-muted">{step.text}</p>
                  </Card>
                </li>
              );
            })}
          </ol>
        </section>
        <section aria-labelledby="reminders" className="rounded-2xl bg-sand p-6 sm:p-8">
          <h2 id="reminders" className="text-2xl font-bold">
            {t('registrationSuccess.reminders.title')}
          </h2>
          <ul className="mt-4 grid list-disc gap-2 pl-5 marker:text-ember-600">
            {reminders.map((item) => (
              <li key={item}>{item}</li>
            ))}
            <li>
              <Tagged
                text={t('registrationSuccess.reminders.rules')}
                tags={{
                  rules: (
                    <Link
                      to={PATHS.safety}
                      className="font-semibold text-ember-700 underline underline-offset-2"
                    ></Link>
                  ),
                }}
              />
            </li>
          </ul>
        </section>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={PATHS.home}>
              <House aria-hidden="true" className="h-5 w-5" />
              {t('registrationSuccess.home')}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={PATHS.contacts}>
              <Mail aria-hidden="true" className="h-5 w-5" />
              {t('registrationSuccess.contacts')}
            </Link>
          </Button>
        </div>
      </Container>
    </>
  );
}

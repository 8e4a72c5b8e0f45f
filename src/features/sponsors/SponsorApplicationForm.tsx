import { useId } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { SuccessNotice } from '~/platform/forms/FormNotices';
import { RouteForm } from '~/platform/forms/RouteForm';
import { PATHS } from '~/platform/paths';
import {
  ChoiceGroup,
  EmailField,
  FormFooter,
  FormSection,
  PhoneField,
  TextAreaField,
  TextField,
} from '~/platform/forms/fields';
import { useRouteForm } from '~/platform/forms/useRouteForm';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { sponsorApplicationDetails } from './details';
import {
  BUDGET_RANGES,
  budgetRangeLabel,
  SPONSORSHIP_LEVELS,
  SPONSORSHIP_TYPES,
  sponsorApplicationSchema,
  type SponsorApplicationInput,
} from './schema';

// The form is embedded in another feature's page, so it loads its own language packs.
await loadRoutePacks('sponsorApplication', 'forms');

/** Where the form sits on /tapti-remeju: a post without scripts comes back to it. */
export const SPONSOR_FORM_ANCHOR = 'paraiska';

// Level and budget start unchosen.
const EMPTY = {
  companyName: '',
  contactPerson: '',
  email: '',
  phone: '',
  website: '',
  sponsorshipTypes: [],
  message: '',
} as unknown as SponsorApplicationInput;

/** The sponsor application of /tapti-remeju: stored, e-mailed to the organisers, auto-answered. */
export function SponsorApplicationForm({ className }: { className?: string }) {
  const { t } = useTranslation('sponsorApplication');
  const routeForm = useRouteForm({
    schema: sponsorApplicationSchema,
    empty: EMPTY,
    fallback: {
      subject: (values) => t('fallback.subject', { company: values.companyName }),
      details: (values) => sponsorApplicationDetails(values, t),
      toastKey: 'sponsorApplication:fallback.toast',
    },
  });
  const { successRef, sent, startAgain } = routeForm;
  const titleId = useId();

  const options = (field: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`form.${field}.options.${value}`) }));

  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-black/5 bg-white p-5 shadow-sm sm:p-8', className)}
    >
      <h2 id={titleId} className="text-2xl font-extrabold tracking-tight">
        {t('title')}
      </h2>
      <p className="mt-2 text-muted">{t('lead')}</p>

      {sent ? (
        <div className="mt-6">
          <SuccessNotice ref={successRef} title={t('success.title')} description={t('success.description')}>
            {/* A link to the blank form until the page's scripts run. */}
            <Button asChild variant="outline" size="sm" className="mt-4">
              <a
                href={`${PATHS.becomeSponsor}#${SPONSOR_FORM_ANCHOR}`}
                onClick={(event) => {
                  event.preventDefault();
                  startAgain();
                }}
              >
                {t('success.again')}
              </a>
            </Button>
          </SuccessNotice>
        </div>
      ) : (
        <RouteForm
          routeForm={routeForm}
          anchor={SPONSOR_FORM_ANCHOR}
          label={t('form.label')}
          className="mt-6 grid gap-8"
        >
          <FormSection title={t('form.sections.company')} level={3}>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="companyName"
                label={t('form.companyName.label')}
                autoComplete="organization"
                className="sm:col-span-2"
              />
              <TextField name="contactPerson" label={t('form.contactPerson.label')} autoComplete="name" />
              <EmailField label={t('form.email.label')} />
              <PhoneField label={t('form.phone.label')} optional />
              <TextField
                name="website"
                type="url"
                label={t('form.website.label')}
                hint={t('form.website.hint')}
                optional
                autoComplete="url"
                inputMode="url"
              />
            </div>
          </FormSection>
          <FormSection title={t('form.sections.sponsorship')} level={3}>
            <ChoiceGroup
              name="sponsorshipLevel"
              legend={t('form.sponsorshipLevel.legend')}
              options={options('sponsorshipLevel', SPONSORSHIP_LEVELS)}
              multiple={false}
              columns={3}
            />
            <ChoiceGroup
              name="sponsorshipTypes"
              legend={t('form.sponsorshipTypes.legend')}
              hint={t('form.sponsorshipTypes.hint')}
              options={options('sponsorshipTypes', SPONSORSHIP_TYPES)}
              multiple
            />
            <ChoiceGroup
              name="budgetRange"
              legend={t('form.budgetRange.legend')}
              options={BUDGET_RANGES.map((value) => ({ value, label: budgetRangeLabel(value, t) }))}
              multiple={false}
              columns={3}
            />
            <TextAreaField
              name="message"
              label={t('form.message.label')}
              hint={t('form.message.hint')}
              optional
              rows={5}
            />
          </FormSection>
          <FormFooter routeForm={routeForm} ns="sponsorApplication" fallbackTitle={t('error.title')} />
        </RouteForm>
      )}
    </section>
  );
}

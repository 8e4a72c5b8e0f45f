import { useId, type ReactNode } from 'react';
import { Trans } from '~/platform/i18n/Trans';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useNavigate } from 'react-router';
import { RouteForm } from '~/platform/forms/RouteForm';
import {
  CheckboxField,
  ChoiceGroup,
  EmailField,
  FormFooter,
  FormSection,
  PhoneField,
  TextAreaField,
  TextField,
} from '~/platform/forms/fields';
import { useSiteData } from '~/platform/content/site-data';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { useRouteForm } from '~/platform/forms/useRouteForm';
import { registrationDetails } from './details';
import {
  CAMPING_OPTIONS,
  DIET_NAMES,
  DIETS,
  MAX_GROUP,
  PARTICIPATION_TYPES,
  registrationSchema,
  type RegistrationInput,
} from './schema';
import { PATHS } from '~/platform/paths';

/** A post without scripts comes back to the form. */
const REGISTRATION_FORM_ANCHOR = 'forma';

// Camping starts unchosen; one adult (the person registering) and no children.
const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  participationType: [],
  adults: 1,
  children: 0,
  dietVegetarian: 0,
  dietVegan: 0,
  dietHalal: 0,
  dietNoPork: 0,
  dietGlutenFree: 0,
  dietAllergy: 0,
  dietaryNeeds: '',
  accessibilityNeeds: '',
  notes: '',
  agreedToRules: false,
  dataConsent: false,
  healthConsent: false,
} as unknown as RegistrationInput;

/** A link that opens in a new tab, so the half-filled form stays where it is. */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-semibold text-ember-700 underline underline-offset-2"
    >
      {children}
      <span className="sr-only"> {t('common:external.newTab')}</span>
    </a>
  );
}

export interface RegistrationSuccessState {
  email: string;
}

/** The participant registration form; on success it moves on to /registracija-sekminga. */
export function RegistrationForm() {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const groupId = useId();
  const routeForm = useRouteForm({
    schema: registrationSchema,
    empty: EMPTY,
    id: REGISTRATION_FORM_ANCHOR,
    fallback: {
      subject: (values) => t('fallback.subject', { name: `${values.firstName} ${values.lastName}` }),
      details: (values) => registrationDetails(values, t),
      toastKey: 'registration:fallback.toast',
    },
    // Stored: on to the success page (the action's 303), which names the address; over the
    // limits, to the waiting list's page with the number in line.
    onNext: (values, location) => {
      const state: RegistrationSuccessState = { email: values.email };
      const waiting = location.startsWith(PATHS.registrationWaiting);
      void navigate(waiting ? location : PATHS.registrationSuccess, { state });
    },
  });
  // The fees in the stay options are the organisers' event facts, in the page's money format.
  const facts = useSiteData().eventTexts[useLanguage().language];

  return (
    <RouteForm
      routeForm={routeForm}
      anchor={REGISTRATION_FORM_ANCHOR}
      label={t('form.label')}
      className="grid gap-8 rounded-2xl border border-black/5 bg-white p-5 shadow-sm sm:p-8"
    >
      <FormSection title={t('form.sections.person')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="firstName" label={t('form.firstName.label')} autoComplete="given-name" />
          <TextField name="lastName" label={t('form.lastName.label')} autoComplete="family-name" />
          <EmailField label={t('form.email.label')} hint={t('form.email.hint')} />
          <PhoneField label={t('form.phone.label')} hint={t('form.phone.hint')} />
        </div>
      </FormSection>

      <FormSection title={t('form.sections.participation')}>
        <ChoiceGroup
          name="participationType"
          legend={t('form.participationType.legend')}
          hint={t('form.participationType.hint')}
          multiple
          options={PARTICIPATION_TYPES.map((value) => ({
            value,
            label: t(`form.participationType.options.${value}`),
          }))}
        />
        <ChoiceGroup
          name="camping"
          legend={t('form.camping.legend')}
          multiple={false}
          columns={1}
          options={CAMPING_OPTIONS.map((value) => ({
            value,
            label: t(`form.camping.options.${value}.label`),
            hint: t(`form.camping.options.${value}.hint`, facts),
          }))}
        />
        <fieldset aria-describedby={`${groupId}-hint`}>
          <legend className="text-sm font-semibold">{t('form.group.legend')}</legend>
          <p id={`${groupId}-hint`} className="mt-1 text-sm text-muted">
            {t('form.group.hint')}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-4 sm:max-w-md">
            <TextField
              name="adults"
              type="number"
              label={t('form.group.adults')}
              min={1}
              max={MAX_GROUP}
              inputMode="numeric"
            />
            <TextField
              name="children"
              type="number"
              label={t('form.group.children')}
              min={0}
              max={MAX_GROUP}
              inputMode="numeric"
            />
          </div>
        </fieldset>
      </FormSection>

      <FormSection title={t('form.sections.needs')}>
        <fieldset aria-describedby={`${groupId}-diets-hint`}>
          <legend className="text-sm font-semibold">{t('form.diets.legend')}</legend>
          <p id={`${groupId}-diets-hint`} className="mt-1 text-sm text-muted">
            {t('form.diets.hint')}
          </p>
          <div className="mt-2 grid grid-cols-2 items-end gap-4 sm:grid-cols-3">
            {DIET_NAMES.map((diet) => (
              <TextField
                key={diet}
                name={DIETS[diet].field}
                type="number"
                label={t(`form.diets.options.${diet}`)}
                min={0}
                max={2 * MAX_GROUP}
                inputMode="numeric"
              />
            ))}
          </div>
        </fieldset>
        <TextAreaField
          name="dietaryNeeds"
          label={t('form.dietaryNeeds.label')}
          hint={t('form.dietaryNeeds.hint')}
          optional
          rows={2}
        />
        <TextAreaField
          name="accessibilityNeeds"
          label={t('form.accessibilityNeeds.label')}
          hint={t('form.accessibilityNeeds.hint')}
          optional
          rows={2}
        />
        <CheckboxField name="healthConsent" label={t('form.healthConsent.label')} optional />
        <TextAreaField
          name="notes"
          label={t('form.notes.label')}
          hint={t('form.notes.hint')}
          optional
          rows={3}
        />
      </FormSection>

      <div className="grid gap-4 border-t border-black/10 pt-6">
        <CheckboxField
          name="agreedToRules"
          label={
            <Trans
              t={t}
              i18nKey="form.agreedToRules.label"
              components={{ rules: <NewTabLink href={PATHS.safety} /> }}
            />
          }
        />
        <CheckboxField
          name="dataConsent"
          label={
            <Trans
              t={t}
              i18nKey="form.dataConsent.label"
              components={{ privacy: <NewTabLink href={PATHS.privacy} /> }}
            />
          }
        />
        <FormFooter
          routeForm={routeForm}
          ns="registration"
          privacy={<p className="text-sm text-muted">{t('form.privacy')}</p>}
        />
      </div>
    </RouteForm>
  );
}

import { optionLabels, type DetailRow, type Translate } from '~/platform/forms/details';
import { DIET_NAMES, DIETS, type Registration } from './schema';

/** The party's special diets in words ("Vegetarian: 2, Halal: 1"); none: empty. */
const dietsText = (data: Partial<Registration>, t: Translate) =>
  DIET_NAMES.filter((diet) => (data[DIETS[diet].field] ?? 0) > 0)
    .map((diet) => `${t(`registration:form.diets.options.${diet}`)}: ${data[DIETS[diet].field]}`)
    .join(', ');

/** The registration as rows in the reader's language (e-mails and mailto fallback). */
export function registrationDetails(data: Registration, t: Translate): DetailRow[] {
  return [
    { label: t('registration:form.firstName.label'), value: data.firstName },
    { label: t('registration:form.lastName.label'), value: data.lastName },
    { label: t('registration:form.email.label'), value: data.email },
    { label: t('registration:form.phone.label'), value: data.phone },
    {
      label: t('registration:form.participationType.summary'),
      value: optionLabels(t, 'registration:form.participationType.options', data.participationType),
      fixed: true,
    },
    {
      label: t('registration:form.camping.summary'),
      value: t(`registration:form.camping.options.${data.camping}.label`),
      fixed: true,
    },
    { label: t('registration:form.group.adults'), value: String(data.adults), fixed: true },
    { label: t('registration:form.group.children'), value: String(data.children), fixed: true },
    // Not in the automatic reply (not `fixed`): a diet can say what one believes, as needs can.
    { label: t('registration:form.diets.summary'), value: dietsText(data, t) },
    { label: t('registration:form.dietaryNeeds.label'), value: data.dietaryNeeds },
    { label: t('registration:form.accessibilityNeeds.label'), value: data.accessibilityNeeds },
    { label: t('registration:form.notes.label'), value: data.notes },
    {
      label: t('registration:form.agreedToRules.short'),
      value: t(data.agreedToRules ? 'forms:fallback.yes' : 'forms:fallback.no'),
    },
    {
      label: t('registration:form.dataConsent.short'),
      value: t(data.dataConsent ? 'forms:fallback.yes' : 'forms:fallback.no'),
    },
    {
      label: t('registration:form.healthConsent.short'),
      value: t(data.healthConsent ? 'forms:fallback.yes' : 'forms:fallback.no'),
    },
  ];
}

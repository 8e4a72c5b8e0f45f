import { optionLabels, type DetailRow, type Translate } from '~/platform/forms/details';
import { budgetRangeLabel, type SponsorApplication } from './schema';

/** The application as rows in the reader's language (e-mails and mailto fallback). */
export function sponsorApplicationDetails(data: SponsorApplication, t: Translate): DetailRow[] {
  const form = 'sponsorApplication:form';
  return [
    { label: t(`${form}.companyName.label`), value: data.companyName },
    { label: t(`${form}.contactPerson.label`), value: data.contactPerson },
    { label: t(`${form}.email.label`), value: data.email },
    { label: t(`${form}.phone.label`), value: data.phone },
    { label: t(`${form}.website.label`), value: data.website },
    {
      label: t(`${form}.sponsorshipLevel.legend`),
      value: t(`${form}.sponsorshipLevel.options.${data.sponsorshipLevel}`),
      fixed: true,
    },
    {
      label: t(`${form}.sponsorshipTypes.summary`),
      value: optionLabels(t, `${form}.sponsorshipTypes.options`, data.sponsorshipTypes),
      fixed: true,
    },
    {
      label: t(`${form}.budgetRange.legend`),
      value: budgetRangeLabel(data.budgetRange, t),
      fixed: true,
    },
    { label: t(`${form}.message.label`), value: data.message },
  ];
}

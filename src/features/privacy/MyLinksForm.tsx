import { useId } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { FallbackNotice, SuccessNotice } from '~/platform/forms/FormNotices';
import { RouteForm } from '~/platform/forms/RouteForm';
import { Honeypot, SubmitButton, TextField } from '~/platform/forms/fields';
import { useRouteForm } from '~/platform/forms/useRouteForm';
import { myLinksSchema, type MyLinksInput } from './self-service';
import { Card } from '~/platform/ui/Card';
import { MY_LINKS_ANCHOR } from './my-links';

const EMPTY: MyLinksInput = { email: '' };

/**
 * "Send me my links" (issue 31): the private links to everything sent from an address, by
 * e-mail, for someone who lost their confirmations. The same answer whatever the address.
 * On /mano-duomenys (the privacy notice links to it); posts to the page's route action.
 */
export function MyLinksForm() {
  const { t } = useTranslation('privacy');
  const routeForm = useRouteForm({
    schema: myLinksSchema,
    empty: EMPTY,
    fallback: {
      subject: () => t('links.send'),
      details: (values) => [{ label: t('links.email'), value: values.email }],
      toastKey: 'privacy:links.fallback',
    },
  });
  const titleId = useId();
  return (
    <Card id={MY_LINKS_ANCHOR} aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-bold sm:text-2xl">
        {t('links.title')}
      </h2>
      <p className="mt-2 text-muted">{t('links.lead')}</p>
      {routeForm.sent ? (
        <div className="mt-5">
          <SuccessNotice
            ref={routeForm.successRef}
            title={t('links.sentTitle')}
            description={t('links.sent')}
          />
        </div>
      ) : null}
      <RouteForm
        routeForm={routeForm}
        anchor={MY_LINKS_ANCHOR}
        label={t('links.title')}
        className="mt-5 grid gap-4"
      >
        <TextField
          name="email"
          type="email"
          label={t('links.email')}
          autoComplete="email"
          inputMode="email"
        />
        <Honeypot />
        {routeForm.fallbackHref ? <FallbackNotice href={routeForm.fallbackHref} /> : null}
        <div>
          <SubmitButton
            submitting={routeForm.submitting}
            label={t('links.send')}
            submittingLabel={t('links.sending')}
          />
        </div>
      </RouteForm>
    </Card>
  );
}

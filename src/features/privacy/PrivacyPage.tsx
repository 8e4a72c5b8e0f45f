import {
  Clock,
  Cookie,
  FileText,
  Mail,
  Scale,
  Share2,
  ShieldCheck,
  UserCheck,
} from '~/platform/ui/icons/icons';
import type { ReactNode } from 'react';
import type { IconComponent } from '~/platform/ui/icons/icons';
import { usePageTexts } from '~/platform/content/PageTexts';
import { RichText } from '~/platform/content/RichText';
import { useContacts } from '~/platform/content/frame';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import type { Retention } from '~/platform/site-content/retention';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { IconTile } from '~/platform/ui/IconTile';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { MY_LINKS_ANCHOR } from './my-links';
import { retentionLines } from './retention-lines';

interface Collected {
  id: string;
  title: string;
  data: string;
  purpose: string;
  basis: string;
}

function Part({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: IconComponent;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <div className="flex items-center gap-3">
          <IconTile icon={icon} tone="forest" />
          <h2 id={id} className="text-xl font-bold sm:text-2xl">
            {title}
          </h2>
        </div>
        <div className="mt-4 text-ink/85">{children}</div>
      </section>
    </Card>
  );
}

export function PrivacyPage({ retention }: { retention: Retention }) {
  const t = usePageTexts();
  const { t: tr } = useTranslation('privacy');
  const { language } = useLanguage();
  const contacts = useContacts();
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader badge={t('badge')} title={t('title')} lead={t('lead')} />
      <Container className="max-w-3xl space-y-8 py-12">
        <Part id="privacy-controller" icon={UserCheck} title={t('controller.title')}>
          <RichText blocks={t.rich('controller.text')} />
          <p className="mt-4 font-bold">{contacts.organisation[language]}</p>
          <p className="mt-1 flex items-center gap-2">
            <Mail aria-hidden="true" className="h-4 w-4 text-forest-600" />
            <span className="sr-only">{t('controller.email')}: </span>
            <a
              href={contacts.mailtoHref()}
              className="font-semibold text-ember-700 underline underline-offset-2"
            >
              {contacts.email}
            </a>
          </p>
        </Part>

        <Part id="privacy-collected" icon={FileText} title={t('collected.title')}>
          <ul className="space-y-4">
            {t.tree<Collected[]>('collected.items').map((item) => (
              <li key={item.id} id={item.id} className="rounded-xl bg-cream p-4">
                <h3 className="font-bold">{item.title}</h3>
                <dl className="mt-2 space-y-2 text-sm">
                  {(['data', 'purpose', 'basis'] as const).map((part) => (
                    <div key={part}>
                      <dt className="font-semibold text-ink">{t(`collected.${part}Label`)}</dt>
                      <dd>{item[part]}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </Part>

        <Part id="privacy-recipients" icon={Share2} title={t('recipients.title')}>
          <RichText blocks={t.rich('recipients.text')} />
        </Part>

        <Part id="privacy-retention" icon={Clock} title={t('retention.title')}>
          <p>{t('retention.lead')}</p>
          <ul className="mt-4 space-y-2">
            {retentionLines(retention, language).map((line) => (
              <li key={line.id} className="flex gap-2">
                <Clock aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-forest-500" />
                <span>{t(`retention.${line.id}`, { period: line.period })}</span>
              </li>
            ))}
          </ul>
        </Part>

        <Part id="privacy-rights" icon={ShieldCheck} title={t('rights.title')}>
          <RichText blocks={t.rich('rights.text')} />
        </Part>

        <Part id="privacy-complaints" icon={Scale} title={t('complaints.title')}>
          <RichText blocks={t.rich('complaints.text')} />
        </Part>

        <Part id="privacy-cookies" icon={Cookie} title={t('cookies.title')}>
          <RichText blocks={t.rich('cookies.text')} />
        </Part>

        {/* The form itself is on /mano-duomenys: this page stays free of the form kit's scripts. */}
        <Part id="privacy-links" icon={Mail} title={tr('privacy:links.title')}>
          <p>{tr('privacy:links.lead')}</p>
          <Button asChild variant="outline" className="mt-4">
            <a href={`${PATHS.myData}#${MY_LINKS_ANCHOR}`}>{tr('privacy:links.send')}</a>
          </Button>
        </Part>
      </Container>
    </>
  );
}

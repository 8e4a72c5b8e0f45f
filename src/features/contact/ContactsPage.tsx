import {
  ArrowRight,
  Camera,
  Clock,
  Mail,
  MessageCircle,
  Phone,
  UserRound,
  Users,
  UsersRound,
  type IconComponent,
} from '~/platform/ui/icons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { useContacts } from '~/platform/content/frame';
import { ContactForm } from './ContactForm';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { ExternalLink } from '~/platform/ui/ExternalLink';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { IconTile } from '~/platform/ui/IconTile';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';

interface QA {
  question: string;
  answer: string;
}

export function ContactsPage() {
  const contacts = useContacts();
  const t = usePageTexts();
  const { t: tc } = useTranslation();
  const newTab = tc('common:external.newTab');
  const faq = t.tree<QA[]>('faq.items');

  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader badge={t('hero.badge')} title={t('title')} lead={t('hero.lead')} />
      <Container className="grid grid-cols-1 gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          <section aria-labelledby="contact-methods">
            <h2 id="contact-methods" className="text-2xl font-extrabold tracking-tight">
              {t('methods.title')}
            </h2>
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              <Method
                icon={Mail}
                title={t('methods.email.title')}
                detail={contacts.email}
                text={t('methods.email.text')}
              >
                <Button asChild className="w-full">
                  <a href={contacts.mailtoHref()}>
                    <Mail aria-hidden="true" className="h-5 w-5" />
                    {t('methods.email.action')}
                  </a>
                </Button>
              </Method>
              <Method
                icon={MessageCircle}
                title={t('methods.whatsapp.title')}
                detail={contacts.phone}
                text={t('methods.whatsapp.text')}
              >
                <Button asChild variant="secondary" className="w-full">
                  <ExternalLink href={contacts.whatsappHref(tc('common:whatsapp.greeting'))}>
                    <MessageCircle aria-hidden="true" className="h-5 w-5" />
                    {t('methods.whatsapp.action')}
                    <span className="sr-only">{newTab}</span>
                  </ExternalLink>
                </Button>
              </Method>
            </div>
          </section>

          {/* The form brings its own card, heading and language packs (features/contact-form). */}
          <ContactForm />
        </div>

        <aside aria-label={t('quick.title')} className="space-y-6">
          <section
            aria-labelledby="quick-contact"
            className="rounded-2xl bg-gradient-to-br from-ember-600 to-ember-800 p-6 text-white shadow-sm"
          >
            <h2 id="quick-contact" className="text-xl font-extrabold">
              {t('quick.title')}
            </h2>
            <p className="mt-2 text-white/90">{t('quick.text')}</p>
            <Button asChild variant="light" className="mt-5 w-full">
              <a href={contacts.phoneHref}>
                <Phone aria-hidden="true" className="h-5 w-5" />
                {t('quick.call')}: {contacts.phone}
              </a>
            </Button>
            <p className="mt-4 flex items-center gap-2 text-sm text-white/90">
              <Clock aria-hidden="true" className="h-4 w-4" />
              {t('quick.reply')}
            </p>
          </section>

          <Card>
            <h2 className="text-xl font-extrabold">{t('social.title')}</h2>
            <ul className="mt-4 space-y-3">
              <SocialLink href={contacts.facebook} icon={Users} title={t('social.facebook')} newTab={newTab}>
                {t('social.facebookText')}
              </SocialLink>
              <SocialLink
                href={contacts.instagram}
                icon={Camera}
                title={t('social.instagram')}
                newTab={newTab}
              >
                {t('social.instagramText')}
              </SocialLink>
            </ul>
          </Card>

          <Card>
            <h2 className="text-xl font-extrabold">{t('organizers.title')}</h2>
            <ul className="mt-4 space-y-4">
              <li className="flex items-center gap-3">
                <IconTile icon={UserRound} />
                <div>
                  <p className="font-bold">{t('organizers.person.name')}</p>
                  <p className="text-sm text-muted">{t('organizers.person.role')}</p>
                </div>
              </li>
              <li className="flex items-center gap-3">
                <IconTile icon={UsersRound} tone="forest" />
                <div>
                  <p className="font-bold">{t('organizers.community.name')}</p>
                  <p className="text-sm text-muted">{t('organizers.community.role')}</p>
                </div>
              </li>
            </ul>
            <Link
              to={PATHS.organizers}
              className="mt-5 inline-flex items-center gap-1 font-semibold text-ember-700 underline-offset-4 hover:underline"
            >
              {t('organizers.more')}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </Card>

          <section aria-labelledby="contacts-faq" className="rounded-2xl bg-sand/70 p-6">
            <h2 id="contacts-faq" className="text-xl font-extrabold">
              {t('faq.title')}
            </h2>
            <dl className="mt-4 space-y-4">
              {faq.map((item) => (
                <div key={item.question}>
                  <dt className="font-bold">{item.question}</dt>
                  <dd className="mt-1 text-muted">{item.answer}</dd>
                </div>
              ))}
            </dl>
            <Link
              to={PATHS.faq}
              className="mt-5 inline-flex items-center gap-1 font-semibold text-ember-700 underline-offset-4 hover:underline"
            >
              {t('faq.more')}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </section>
        </aside>
      </Container>
    </>
  );
}

function Method({
  icon,
  title,
  detail,
  text,
  children,
}: {
  icon: IconComponent;
  title: string;
  detail: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-center gap-3">
        <IconTile icon={icon} />
        <div className="min-w-0">
          <h3 className="text-lg font-bold">{title}</h3>
          <p className="truncate font-semibold text-ember-700">{detail}</p>
        </div>
      </div>
      <p className="mt-3 flex-1 text-muted">{text}</p>
      <div className="mt-5">{children}</div>
    </Card>
  );
}

function SocialLink({
  href,
  icon,
  title,
  newTab,
  children,
}: {
  href: string;
  icon: IconComponent;
  title: string;
  newTab: string;
  children: ReactNode;
}) {
  return (
    <li>
      <ExternalLink
        href={href}
        className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-sand"
      >
        <IconTile icon={icon} tone="flag" />
        <span>
          <span className="block font-bold">{title}</span>
          <span className="block text-sm text-muted">{children}</span>
        </span>
        <span className="sr-only">{newTab}</span>
      </ExternalLink>
    </li>
  );
}

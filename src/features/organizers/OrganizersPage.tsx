import {
  CalendarDays,
  Check,
  DoorOpen,
  Flag,
  Globe,
  HandHeart,
  Mail,
  MapPin,
  Phone,
  Target,
  UserRound,
  Users,
  UsersRound,
  ClipboardList,
} from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { useContacts } from '~/platform/content/frame';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { ExternalLink } from '~/platform/ui/ExternalLink';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { IconTile } from '~/platform/ui/IconTile';
import { Section } from '~/platform/ui/Section';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';

const VALUES = [
  { key: 'togetherness', icon: Users },
  { key: 'volunteering', icon: HandHeart },
  { key: 'openness', icon: DoorOpen },
  { key: 'traditions', icon: Flag },
] as const;

// docs/PRODUCT.md (Rules): organiser stats.
// The numbers and their labels are content (issue 43); the icons stay with the page.
const STATS = [
  { key: 'years', icon: CalendarDays },
  { key: 'members', icon: UsersRound },
  { key: 'events', icon: ClipboardList },
  { key: 'locations', icon: MapPin },
] as const;

const TEAM = [
  { key: 'organizer', icon: UserRound },
  { key: 'coordinator', icon: ClipboardList },
  { key: 'volunteers', icon: UsersRound },
] as const;

export function OrganizersPage() {
  const contacts = useContacts();
  const t = usePageTexts();
  const { t: tc } = useTranslation();
  const activities = t.tree<string[]>('about.activities');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader badge={t('hero.badge')} title={t('title')} lead={t('hero.lead')} />

      <Section eyebrow={t('about.eyebrow')} title={t('about.title')} lead={t('about.text')}>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <h3 className="text-lg font-bold">{t('about.activitiesTitle')}</h3>
            <ul className="mt-4 space-y-3">
              {activities.map((activity) => (
                <li key={activity} className="flex items-start gap-3">
                  <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-forest-600" />
                  <span>{activity}</span>
                </li>
              ))}
            </ul>
          </Card>
          <div className="flex flex-col justify-center rounded-2xl bg-gradient-to-br from-ember-600 to-ember-800 p-6 text-white shadow-sm sm:p-8">
            <Target aria-hidden="true" className="h-10 w-10 text-amber-flag" />
            <h3 className="mt-4 text-2xl font-extrabold">{t('mission.title')}</h3>
            <p className="mt-2 text-lg text-white/90">{t('mission.text')}</p>
          </div>
        </div>
      </Section>

      <Section tone="sand" title={t('values.title')}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full text-center">
                <IconTile icon={Icon} tone="forest" className="mx-auto" />
                <h3 className="mt-4 text-lg font-bold">{t(`values.${key}.title`)}</h3>
                <p className="mt-1 text-muted">{t(`values.${key}.text`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="org-stats" className="bg-forest-900 py-12 text-white sm:py-14">
        <Container>
          <h2 id="org-stats" className="text-center text-2xl font-extrabold sm:text-3xl">
            {t('stats.title')}
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-6 lg:grid-cols-4">
            {STATS.map(({ key, icon: Icon }) => (
              <li
                key={key}
                className="flex flex-col items-center gap-2 rounded-2xl bg-white/5 p-5 text-center"
              >
                <Icon aria-hidden="true" className="h-7 w-7 text-amber-flag" />
                <p className="text-3xl font-extrabold sm:text-4xl">{t(`stats.${key}.value`)}</p>
                <p className="text-sm text-white/80">{t(`stats.${key}.label`)}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <Section eyebrow={t('team.eyebrow')} title={t('team.title')}>
        <ul className="grid gap-6 md:grid-cols-3">
          {TEAM.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full text-center">
                <span
                  aria-hidden="true"
                  className="mx-auto grid h-20 w-20 place-items-center rounded-full bg-gradient-to-br from-amber-flag via-ember-500 to-red-flag text-white shadow"
                >
                  <Icon className="h-9 w-9" />
                </span>
                <p className="mt-4 text-sm font-bold tracking-wider text-ember-700 uppercase">
                  {t(`team.${key}.role`)}
                </p>
                <h3 className="mt-1 text-xl font-extrabold">{t(`team.${key}.name`)}</h3>
                <p className="mt-2 text-muted">{t(`team.${key}.text`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Container>
        <section
          aria-labelledby="org-contact"
          className="grid grid-cols-1 gap-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-10 lg:grid-cols-2"
        >
          <div>
            <h2 id="org-contact" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              {t('contact.title')}
            </h2>
            <p className="mt-3 text-lg text-muted">{t('contact.text')}</p>
            <p className="mt-5 flex items-center gap-2">
              <Globe aria-hidden="true" className="h-5 w-5 text-ember-600" />
              <span className="font-semibold">{t('contact.website')}:</span>
              <ExternalLink
                href={contacts.website}
                className="font-semibold text-ember-700 underline underline-offset-4"
              >
                {contacts.website.replace(/^https?:\/\//, '')}
                <span className="sr-only"> {tc('common:external.newTab')}</span>
              </ExternalLink>
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button asChild>
                <a href={contacts.mailtoHref()}>
                  <Mail aria-hidden="true" className="h-5 w-5" />
                  {t('contact.email')}
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={contacts.phoneHref}>
                  <Phone aria-hidden="true" className="h-5 w-5" />
                  {t('contact.phone')}: {contacts.phone}
                </a>
              </Button>
            </div>
          </div>
          <div className="flex flex-col justify-center rounded-2xl bg-sand/70 p-6 sm:p-8">
            <h2 className="text-2xl font-extrabold">{t('cta.title')}</h2>
            <p className="mt-2 text-muted">{t('cta.text')}</p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Button asChild>
                <Link to={PATHS.registration}>{t('cta.participate')}</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={PATHS.becomeSponsor}>
                  <HandHeart aria-hidden="true" className="h-5 w-5" />
                  {t('cta.support')}
                </Link>
              </Button>
            </div>
          </div>
        </section>
      </Container>
    </>
  );
}

import { Camera, Mail, MessageCircle, Users } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { FramePart, useContacts } from '~/platform/content/frame';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { ExternalLink } from '~/platform/ui/ExternalLink';
import { GUIDE_LINKS, NAV_ITEMS } from './nav';
import { Logo } from './Logo';
import { PATHS } from '~/platform/paths';

function FooterLinks({ title, links }: { title: string; links: ReadonlyArray<{ to: string; key: string }> }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wider text-amber-flag uppercase">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-white/85 hover:text-white hover:underline">
              {t(link.key)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where the header's menu button leads when the scripts have not run. */
export const FOOTER_LINKS_ID = 'nuorodos';

/** How to reach the organisers: the frame's `contacts` part, the same on every page (decision 0044). */
function FooterContacts() {
  const contacts = useContacts();
  const { t } = useTranslation();
  const newTab = t('external.newTab');
  return (
    <div>
      <h2 className="text-sm font-bold tracking-wider text-amber-flag uppercase">
        {t('footer.contactTitle')}
      </h2>
      <p className="mt-3 text-sm text-white/80">{t('footer.contactLead')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild variant="light" size="sm">
          <a href={contacts.mailtoHref()}>
            <Mail aria-hidden="true" className="h-4 w-4" />
            {t('footer.contact')}
          </a>
        </Button>
        <Button asChild variant="secondary" size="sm" className="bg-[#1f8a4c] hover:bg-[#18703d]">
          <ExternalLink href={contacts.whatsappHref(t('whatsapp.greeting'))}>
            <MessageCircle aria-hidden="true" className="h-4 w-4" />
            {t('footer.whatsapp')}
            <span className="sr-only">{newTab}</span>
          </ExternalLink>
        </Button>
      </div>
      <div className="mt-4 flex gap-4 text-sm">
        {[
          { href: contacts.facebook, Icon: Users, label: t('footer.facebook') },
          { href: contacts.instagram, Icon: Camera, label: t('footer.instagram') },
        ].map(({ href, Icon, label }) => (
          <ExternalLink
            key={label}
            href={href}
            className="inline-flex items-center gap-1.5 text-white/85 hover:text-white"
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
            {label}
            <span className="sr-only">{newTab}</span>
          </ExternalLink>
        ))}
      </div>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 bg-forest-900 text-white print:hidden">
      <Container
        id={FOOTER_LINKS_ID}
        className="grid scroll-mt-32 gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="space-y-4">
          <Logo inverted />
          <p className="text-sm text-white/80">{t('footer.about')}</p>
        </div>
        <FooterLinks title={t('footer.explore')} links={NAV_ITEMS} />
        <FooterLinks title={t('footer.guides')} links={GUIDE_LINKS} />
        <FramePart name="contacts">
          <FooterContacts />
        </FramePart>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-2 py-6 text-xs text-white/70 sm:flex-row sm:justify-between">
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <Link to={PATHS.privacy} className="underline-offset-2 hover:text-white hover:underline">
            {t('footer.privacy')}
          </Link>
        </Container>
      </div>
    </footer>
  );
}

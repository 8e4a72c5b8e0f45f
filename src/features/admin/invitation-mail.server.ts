import type { Config } from '~/platform/config/config.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import type { Language } from '~/platform/i18n/languages';
import { renderMail } from '~/platform/mail/layout.server';
import type { OutgoingMail } from '~/platform/mail/outbox.server';
import { PATHS } from '~/platform/paths';
import { INVITATION_TTL_HOURS } from './team';

const INVITATION_TEMPLATE = 'admin.invitation';

/** The invitee's page, in their language, with the token in the fragment (never sent to a server log). */
function invitationLink(publicUrl: string, token: string, language: Language): string {
  return `${publicUrl.replace(/\/$/, '')}${PATHS.adminInvitation}?lang=${language}#token=${encodeURIComponent(token)}`;
}

/** The invitation e-mail, in the invitee's language, through the one mail layout. */
export function invitationMail(
  config: Pick<Config, 'PUBLIC_URL'>,
  invitation: { email: string; firstName: string; language: Language; token: string; inviter: string },
): Omit<OutgoingMail, 'related'> {
  const t = serverT(invitation.language);
  const site = t('common:site.name');
  const rendered = renderMail(
    {
      language: invitation.language,
      subject: t('mail:adminInvitation.subject', { site }),
      heading: t('mail:adminInvitation.heading'),
      paragraphs: [
        t('mail:greeting', { name: invitation.firstName }),
        t('mail:adminInvitation.intro', { inviter: invitation.inviter, site }),
        t('mail:adminInvitation.howTo', { email: invitation.email }),
      ],
      action: {
        label: t('mail:adminInvitation.button'),
        href: invitationLink(config.PUBLIC_URL, invitation.token, invitation.language),
      },
      closing: [
        t('mail:adminInvitation.expiry', { hours: INVITATION_TTL_HOURS }),
        t('mail:adminInvitation.notExpected'),
      ],
    },
    config.PUBLIC_URL,
  );
  return { template: INVITATION_TEMPLATE, to: invitation.email, ...rendered };
}

import { isIP } from 'node:net';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { renderMail } from '~/platform/mail/layout.server';
import { PATHS } from '~/platform/paths';
import type { SignInNotice } from './login.server';

export const SIGN_IN_NOTICE_TEMPLATE = 'admin.sign-in-failures';

/** The organisers read the site's notices in Lithuanian. */
const ADMIN_LANGUAGE = 'lt';

/** "Someone tried to sign in as you": to the admin, after repeated failures on the account. */
export function renderSignInNotice(notice: SignInNotice, ip: string, publicUrl: string) {
  const t = serverT(ADMIN_LANGUAGE);
  return renderMail(
    {
      language: ADMIN_LANGUAGE,
      subject: t('admin:signInNotice.subject'),
      heading: t('admin:signInNotice.heading'),
      paragraphs: [
        t('mail:greeting', { name: notice.firstName }),
        // Only a well-formed address goes into the mail, never a header's free text.
        t('admin:signInNotice.intro', { failures: notice.failures, ip: isIP(ip) ? ip : '?' }),
        t('admin:signInNotice.advice'),
      ],
      action: {
        label: t('admin:adminLogin.title'),
        href: `${publicUrl.replace(/\/$/, '')}${PATHS.adminLogin}`,
      },
    },
    publicUrl,
  );
}

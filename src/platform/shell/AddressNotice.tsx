import { useEffect } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { NOTICE_PARAM, PARAMETER_REQUIRED, type Notice } from '~/platform/paths';
import { notify } from '~/platform/ui/notify';

const isNotice = (value: string): value is Notice => PARAMETER_REQUIRED.some((rule) => rule.notice === value);

/**
 * The notice an address asks for (`?notice=`, from the server's redirects in
 * PARAMETER_REQUIRED): shown once as a toast in the visitor's language, then taken out of
 * the address so a reload or a shared link does not repeat it.
 */
export function AddressNotice() {
  const { t } = useTranslation();
  const { ready } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = new URLSearchParams(location.search).get(NOTICE_PARAM);

  useEffect(() => {
    if (!ready || notice === null) return;
    if (isNotice(notice)) void notify('error', t(`notices.${notice}`));
    const rest = new URLSearchParams(location.search);
    rest.delete(NOTICE_PARAM);
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per notice
  }, [ready, notice]);

  return null;
}

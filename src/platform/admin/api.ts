import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useNavigate } from 'react-router';
import { notify } from '~/platform/ui/notify';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { PATHS } from '~/platform/paths';
import { ADMIN_ENDPOINTS } from './section';

export interface AdminIdentity {
  id: string;
  email: string;
  firstName: string;
}

/**
 * Turns a failed admin call into what the admin sees: back to sign-in when the session has
 * ended, otherwise an error toast (the spec's text for that action, or a clearer one).
 */
export function useAdminErrorHandler() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return useCallback(
    (error: unknown, fallbackKey = 'errors.loadFailed') => {
      const status = error instanceof ApiError ? error.status : -1;
      if (status === 401) {
        void notify('info', t('errors.sessionExpired'));
        void navigate(PATHS.adminLogin, { replace: true });
      } else if (status === 403 && error instanceof ApiError && error.code === 'not_admin') {
        void notify('error', t('errors.notAdmin'));
        void navigate(PATHS.adminLogin, { replace: true });
      } else if (status === 409) {
        void notify('error', t(fallbackKey), { description: t('errors.conflict') });
      } else if (status === 0) {
        void notify('error', t(fallbackKey), { description: t('errors.network') });
      } else {
        void notify('error', t(fallbackKey));
      }
    },
    [navigate, t],
  );
}

/** GETs an admin API address whenever it (or `version`) changes; keeps the last data while reloading. */
export function useAdminQuery<T>(url: string | null, version = 0) {
  const onError = useAdminErrorHandler();
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(url !== null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    if (url === null) return;
    let current = true;
    setLoading(true);
    apiRequest<T>('GET', url).then(
      (result) => {
        if (!current) return;
        setData(result);
        setFailed(false);
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        setFailed(true);
        setLoading(false);
        onErrorRef.current(error);
      },
    );
    return () => {
      current = false;
    };
  }, [url, version, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, failed, reload };
}

/** The signed-in admin; without a session (or as an inactive admin) → the sign-in page. */
export function useAdminSession() {
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  const [admin, setAdmin] = useState<AdminIdentity | undefined>(undefined);

  useEffect(() => {
    let current = true;
    apiRequest<{ admin: AdminIdentity | null; notAdmin?: boolean }>(
      'GET',
      ADMIN_ENDPOINTS.session.url(),
    ).then(
      (result) => {
        if (!current) return;
        if (result.admin) return setAdmin(result.admin);
        if (result.notAdmin) void notify('error', t('errors.notAdmin'));
        void navigate(PATHS.adminLogin, { replace: true });
      },
      (error: unknown) => current && onError(error),
    );
    return () => {
      current = false;
    };
  }, [navigate, onError, t]);

  const logout = useAdminLogout();
  return { admin, logout };
}

/** Signs out (the session ends on the server) and goes to the sign-in page. */
export function useAdminLogout() {
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  return useCallback(async () => {
    try {
      await apiRequest('POST', ADMIN_ENDPOINTS.logout.url());
      void notify('success', t('adminLogin.signedOut'));
      void navigate(PATHS.adminLogin, { replace: true });
    } catch (error) {
      onError(error, 'errors.unknown');
    }
  }, [navigate, onError, t]);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

/** An answer from the admin API that was not OK (status 0: the server could not be reached). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/** Calls /api/admin/<path> with the session cookie; the browser adds Origin (CSRF check). */
export async function adminApi<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ApiError(response.status, String(data.error ?? 'unknown'), data);
  return data as T;
}

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
        toast.info(t('errors.sessionExpired'));
        void navigate('/admin/login', { replace: true });
      } else if (status === 403 && error instanceof ApiError && error.code === 'not_admin') {
        toast.error(t('errors.notAdmin'));
        void navigate('/admin/login', { replace: true });
      } else if (status === 409) {
        toast.error(t(fallbackKey), { description: t('errors.conflict') });
      } else if (status === 0) {
        toast.error(t(fallbackKey), { description: t('errors.network') });
      } else {
        toast.error(t(fallbackKey));
      }
    },
    [navigate, t],
  );
}

/** GETs an admin API path whenever it (or `version`) changes; keeps the last data while reloading. */
export function useAdminQuery<T>(path: string | null, version = 0) {
  const onError = useAdminErrorHandler();
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    if (path === null) return;
    let current = true;
    setLoading(true);
    adminApi<T>('GET', path).then(
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
  }, [path, version, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, failed, reload };
}

/** The signed-in admin; without a session (or as an inactive admin) → /admin/login. */
export function useAdminSession() {
  const navigate = useNavigate();
  const { t } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  const [admin, setAdmin] = useState<AdminIdentity | undefined>(undefined);

  useEffect(() => {
    let current = true;
    adminApi<{ admin: AdminIdentity | null; notAdmin?: boolean }>('GET', '/session').then(
      (result) => {
        if (!current) return;
        if (result.admin) return setAdmin(result.admin);
        if (result.notAdmin) toast.error(t('errors.notAdmin'));
        void navigate('/admin/login', { replace: true });
      },
      (error: unknown) => current && onError(error),
    );
    return () => {
      current = false;
    };
  }, [navigate, onError, t]);

  const logout = useCallback(async () => {
    try {
      await adminApi('POST', '/logout');
      toast.success(t('adminLogin.signedOut'));
      void navigate('/admin/login', { replace: true });
    } catch (error) {
      onError(error, 'errors.unknown');
    }
  }, [navigate, onError, t]);
  return { admin, logout };
}

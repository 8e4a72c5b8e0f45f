import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.server';

describe('redactUrl', () => {
  it('replaces tokens in paths and query values, keeps the rest readable', () => {
    const token = 'Qm9yZGVyLXRva2VuLXJhbmRvbS1ieXRlcy0zMi1sb25n';
    expect(redactUrl(`/api/orders/${token}`)).toBe('/api/orders/[redacted]');
    expect(redactUrl('/api/orders/short')).toBe('/api/orders/[redacted]');
    expect(redactUrl('/api/orders/history?link=abc.def')).toBe('/api/orders/history?link=[redacted]');
    expect(redactUrl('/api/orders/lookup')).toBe('/api/orders/lookup');
    expect(redactUrl('/pay/test/test_abcdefghijklmnopqrstuvwxyz012345')).toBe('/pay/test/[redacted]');
    expect(redactUrl(`/order-success?order_id=${token}&lang=en`)).toBe(
      '/order-success?order_id=[redacted]&lang=en',
    );
    expect(redactUrl(`/somewhere/${token}/else`)).toBe('/somewhere/[redacted]/else');
    expect(redactUrl('/api/sponsor-applications')).toBe('/api/sponsor-applications');
    const uuid = '0b7c3e5a-8f2d-4c1e-9a6b-3d2f1e0c9b8a';
    expect(redactUrl(`/api/admin/orders/${uuid}/status`)).toBe(`/api/admin/orders/${uuid}/status`);
    expect(redactUrl('/sponsor/reduk?kategorija=peiliai')).toBe('/sponsor/reduk?kategorija=peiliai');
    expect(redactUrl('/api/admin/lists/orders?q=ona@example.com')).toBe(
      '/api/admin/lists/orders?q=[redacted]',
    );
  });
});

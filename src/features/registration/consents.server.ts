import { serverT } from '~/platform/i18n/server-i18n.server';
import type { RegistrationRequest } from './schema';

export interface ConsentRecord {
  /** The consent's wording exactly as the person saw it, in their language. */
  text: string;
  at: string;
}

/** The consents a registration was given (stored with it), each with its text and time. */
export function consentsOf(data: RegistrationRequest, at = new Date()): Record<string, ConsentRecord> {
  const t = serverT(data.language);
  // The form's label without its link markup (<privacy>…</privacy>).
  const text = (key: string) => t(key).replace(/<\/?\w+>/g, '');
  const given: Record<string, ConsentRecord> = {
    rules: { text: text('registration:form.agreedToRules.label'), at: at.toISOString() },
    dataProcessing: { text: text('registration:form.dataConsent.label'), at: at.toISOString() },
  };
  if (data.healthConsent)
    given.health = { text: text('registration:form.healthConsent.label'), at: at.toISOString() };
  return given;
}

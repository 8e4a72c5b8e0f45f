import { OutcomeNotice, PrivacyNote } from '~/platform/forms/FormNotices';
import { answerReply } from '~/platform/forms/useRouteForm';
import { LabelledField } from '~/platform/forms/LabelledField';
import type { FormAnswer } from '~/platform/forms/outcome';
import { parseForm } from '~/platform/forms/submission';
import { useForm } from '@conform-to/react';
import { Lock, Minus, Plus, Store, Truck } from '~/platform/ui/icons/icons';
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useActionData, useFetcher } from 'react-router';
import { orderPagePath } from '~/platform/paths';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { formatMoney } from '~/platform/i18n/format';
import type { Product } from './products';
import { countryOptions } from './countries';
import { rememberOrder } from './order-storage';
import {
  DEFAULT_COUNTRY,
  MAX_QUANTITY,
  MIN_QUANTITY,
  orderRequestSchema,
  type DeliveryMethod,
  type OrderRequest,
} from './schema';
import { notify } from '~/platform/ui/notify';
import { loadRoutePacks } from '~/platform/i18n/i18n';

// Opened on product pages, which do not load the forms' pack ("optional", the privacy note).
await loadRoutePacks('forms');

/** What the form holds while the visitor types (the schema turns it into an OrderRequest). */
type OrderFormValues = {
  product_id: string;
  quantity: number;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  delivery_method: DeliveryMethod;
  delivery_address: { street: string; city: string; postal_code: string; country: string };
  notes: string;
  language: 'lt' | 'en';
};

const inputClass = (invalid: boolean, width = 'w-full') =>
  cn(
    'block rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm transition-colors',
    'placeholder:text-muted/70 focus:border-ember-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-ember-600',
    invalid ? 'border-red-700' : 'border-black/15',
    width,
  );

/** One of the order's fields in the forms' one field frame, its error translated. */
function Field({
  error,
  children,
  ...texts
}: {
  id: string;
  label: string;
  optional?: boolean;
  /** The field's errors (message keys): the first is shown. */
  error?: string[];
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('shop');
  return (
    <LabelledField {...texts} error={error?.[0] && t(error[0])}>
      {children}
    </LabelledField>
  );
}

/** aria attributes that tie an input to its error message. */
const describedBy = (id: string, error?: string[]) =>
  error?.length ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

/** A field's starting value as text (conform's: the blank form's, or what was posted). */
const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The order form, in the Buy dialog and on the order page. It validates with the same zod
 * schema as the API, posts product id and quantity (never a price) to the order page's route
 * action (decision 0039), with scripts through a fetcher so the dialog stays over its page,
 * and sends the browser on to the payment page in the same tab.
 */
export default function OrderForm({ product }: { product: Product }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // On the order page rendered after a post without scripts: what was typed, and its errors.
  const actionAnswer = useActionData<FormAnswer>();
  const [posted] = useState(actionAnswer);
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<FormAnswer>();
  // Set from the click until the answer is handled: a second click sends nothing.
  const sending = useRef(false);

  const [form, fields] = useForm<OrderFormValues, OrderRequest>({
    defaultValue: {
      product_id: product.id,
      quantity: 1,
      customer_name: '',
      customer_email: '',
      customer_phone: '',
      delivery_method: 'delivery',
      delivery_address: { street: '', city: '', postal_code: '', country: DEFAULT_COUNTRY },
      notes: '',
      language,
    },
    // The action's answer: to the post without scripts, then to the fetcher's.
    lastResult: answerReply(fetcher.data ?? posted),
    // A field is checked when left, then again as it is corrected.
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, orderRequestSchema),
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      if (sending.current) return;
      sending.current = true;
      setFailed(false);
      // The form's own fields, as the browser posts them without scripts, and the language.
      formData.set('language', language);
      void fetcher.submit(formData, {
        method: 'post',
        action: orderPagePath(product.id),
        encType: 'application/x-www-form-urlencoded',
        // An order changes nothing the page behind the dialog shows.
        defaultShouldRevalidate: false,
      });
    },
  });

  const quantity = fields.quantity.value === undefined ? Number.NaN : Number(fields.quantity.value);
  const method = fields.delivery_method.value;
  const validQuantity = Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY;
  const total = validQuantity ? formatMoney(product.price * quantity, language) : '—';
  const step = (delta: number) => {
    const current = Number.isInteger(quantity) ? quantity : MIN_QUANTITY;
    const next = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, current + delta));
    form.update({ name: fields.quantity.name, value: String(next), validated: true });
  };

  const onAnswer = useEffectEvent((answer: FormAnswer) => {
    switch (answer.status) {
      case 'next':
        if (answer.receipt?.token && answer.receipt.order_number) {
          rememberOrder({ token: answer.receipt.token, order_number: answer.receipt.order_number });
        }
        setLeaving(true);
        // Same tab: a new tab opened after an async call is blocked on phones.
        window.location.assign(answer.location);
        return;
      case 'invalid':
        // The fields' errors reach them through conform (`lastResult`), which focuses the
        // first; the form's own (an unknown field) is a toast.
        for (const message of answer.reply.error?.[''] ?? []) {
          void notify('error', t('orderForm.failedTitle'), { description: t(message) });
        }
        return;
      case 'rejected':
        setFailed(true);
        // Too many orders or the site busy say so; anything else is "could not create".
        void notify('error', t('orderForm.failedTitle'), {
          description: t(
            answer.code === 429 || answer.code === 503 ? answer.message : 'orderForm.failedText',
          ),
        });
        return;
      default:
        // Our server did not answer (or a proxy did): nothing was ordered, try again.
        setFailed(true);
        void notify('error', t('orderForm.failedTitle'), { description: t('orderForm.failedText') });
    }
  });

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || !sending.current) return;
    sending.current = false;
    onAnswer(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const address = fields.delivery_address.getFieldset();
  const busy = fetcher.state !== 'idle' || leaving;

  return (
    // Without scripts the browser posts it to the order page (/uzsakymas/<id>) itself.
    <form
      ref={formRef}
      id={form.id}
      method="post"
      action={orderPagePath(product.id)}
      noValidate
      onSubmit={form.onSubmit}
      className="flex flex-col gap-6"
    >
      <OutcomeNotice answer={posted} />
      <input type="hidden" name={fields.product_id.name} defaultValue={product.id} />

      <div className="flex flex-wrap items-end justify-between gap-4">
        <Field id={id('quantity')} label={t('orderForm.quantity')} error={fields.quantity.errors}>
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              onClick={() => step(-1)}
              disabled={validQuantity && quantity <= MIN_QUANTITY}
              aria-label={t('orderForm.decrease')}
              className="shrink-0 noscript:hidden"
            >
              <Minus aria-hidden="true" className="h-4 w-4" />
            </Button>
            <input
              id={id('quantity')}
              type="number"
              inputMode="numeric"
              min={MIN_QUANTITY}
              max={MAX_QUANTITY}
              step={1}
              name={fields.quantity.name}
              defaultValue={asText(fields.quantity.initialValue)}
              className={cn(
                inputClass(Boolean(fields.quantity.errors), 'w-20'),
                'text-center text-lg font-semibold',
              )}
              {...describedBy(id('quantity'), fields.quantity.errors)}
            />
            <Button
              variant="outline"
              size="icon"
              onClick={() => step(1)}
              disabled={validQuantity && quantity >= MAX_QUANTITY}
              aria-label={t('orderForm.increase')}
              className="shrink-0 noscript:hidden"
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        </Field>
        <p className="pb-3 text-right text-sm text-muted">
          {t('orderForm.unitPrice', { price: formatMoney(product.price, language) })}
        </p>
      </div>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-bold">{t('orderForm.contactTitle')}</legend>
        <Field id={id('name')} label={t('orderForm.name')} error={fields.customer_name.errors}>
          <input
            id={id('name')}
            autoComplete="name"
            name={fields.customer_name.name}
            defaultValue={asText(fields.customer_name.initialValue)}
            className={inputClass(Boolean(fields.customer_name.errors))}
            {...describedBy(id('name'), fields.customer_name.errors)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id('email')} label={t('orderForm.email')} error={fields.customer_email.errors}>
            <input
              id={id('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              name={fields.customer_email.name}
              defaultValue={asText(fields.customer_email.initialValue)}
              className={inputClass(Boolean(fields.customer_email.errors))}
              {...describedBy(id('email'), fields.customer_email.errors)}
            />
          </Field>
          <Field id={id('phone')} label={t('orderForm.phone')} optional error={fields.customer_phone.errors}>
            <input
              id={id('phone')}
              type="tel"
              autoComplete="tel"
              name={fields.customer_phone.name}
              defaultValue={asText(fields.customer_phone.initialValue)}
              className={inputClass(Boolean(fields.customer_phone.errors))}
              {...describedBy(id('phone'), fields.customer_phone.errors)}
            />
          </Field>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-base font-bold">{t('orderForm.deliveryTitle')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              { value: 'delivery', Icon: Truck },
              { value: 'pickup', Icon: Store },
            ] as const
          ).map(({ value, Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border-2 border-black/10 bg-white p-3.5 transition-colors hover:border-ember-200 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ember-600',
                // The chosen one by CSS, so it shows before (or without) the scripts too.
                'has-checked:border-ember-600 has-checked:bg-ember-50',
              )}
            >
              <input
                type="radio"
                value={value}
                name={fields.delivery_method.name}
                defaultChecked={fields.delivery_method.initialValue === value}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ember-600" />
              <span>
                <span className="block font-semibold">{t(`orderForm.${value}`)}</span>
                <span className="block text-sm text-muted">{t(`orderForm.${value}Hint`)}</span>
              </span>
            </label>
          ))}
        </div>

        {method === 'delivery' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id('street')}
              label={t('orderForm.street')}
              error={address.street.errors}
              className="sm:col-span-2"
            >
              <input
                id={id('street')}
                autoComplete="street-address"
                name={address.street.name}
                defaultValue={asText(address.street.initialValue)}
                className={inputClass(Boolean(address.street.errors))}
                {...describedBy(id('street'), address.street.errors)}
              />
            </Field>
            <Field id={id('city')} label={t('orderForm.city')} error={address.city.errors}>
              <input
                id={id('city')}
                autoComplete="address-level2"
                name={address.city.name}
                defaultValue={asText(address.city.initialValue)}
                className={inputClass(Boolean(address.city.errors))}
                {...describedBy(id('city'), address.city.errors)}
              />
            </Field>
            <Field id={id('postal')} label={t('orderForm.postalCode')} error={address.postal_code.errors}>
              <input
                id={id('postal')}
                autoComplete="postal-code"
                name={address.postal_code.name}
                defaultValue={asText(address.postal_code.initialValue)}
                className={inputClass(Boolean(address.postal_code.errors))}
                {...describedBy(id('postal'), address.postal_code.errors)}
              />
            </Field>
            <Field
              id={id('country')}
              label={t('orderForm.country')}
              error={address.country.errors}
              className="sm:col-span-2"
            >
              <select
                id={id('country')}
                autoComplete="country"
                name={address.country.name}
                defaultValue={asText(address.country.initialValue)}
                className={inputClass(Boolean(address.country.errors))}
                {...describedBy(id('country'), address.country.errors)}
              >
                {countryOptions(language).map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        ) : null}
      </fieldset>

      <Field id={id('notes')} label={t('orderForm.notes')} optional error={fields.notes.errors}>
        <textarea
          id={id('notes')}
          rows={3}
          name={fields.notes.name}
          defaultValue={asText(fields.notes.initialValue)}
          className={inputClass(Boolean(fields.notes.errors))}
          {...describedBy(id('notes'), fields.notes.errors)}
        />
      </Field>

      {/* The running total needs the scripts; without them the payment page shows it. */}
      <p className="hidden rounded-2xl bg-sand/60 p-4 text-sm text-muted noscript:block">
        {t('orderForm.totalAtCheckout')}
      </p>
      <section
        aria-label={t('orderForm.summaryTitle')}
        className="rounded-2xl bg-sand/60 p-4 noscript:hidden"
      >
        <dl className="flex flex-col gap-1.5 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">
              {t('orderForm.itemsLine', {
                quantity: validQuantity ? quantity : '—',
                product: product.name[language],
              })}
            </dt>
            <dd className="tabular-nums">{total}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t('orderForm.deliveryCost')}</dt>
            <dd>{t('orderForm.free')}</dd>
          </div>
          <div className="mt-1 flex justify-between gap-4 border-t border-black/10 pt-2 text-lg font-bold">
            <dt>{t('orderForm.total')}</dt>
            <dd className="tabular-nums" aria-live="polite" data-testid="order-form-total">
              {total}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-sm text-muted">
          {t(method === 'delivery' ? 'orderForm.deliveryTime' : 'orderForm.pickupTime')}
        </p>
      </section>

      {failed ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          <strong>{t('orderForm.failedTitle')}</strong> — {t('orderForm.failedText')}
        </p>
      ) : null}

      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          <Lock aria-hidden="true" className="h-5 w-5" />
          {busy ? t('orderForm.submitting') : t('orderForm.submit')}
        </Button>
        <p className="text-center text-xs text-muted">{t('orderForm.secureNote')}</p>
        <PrivacyNote className="text-center text-xs" />
      </div>
    </form>
  );
}

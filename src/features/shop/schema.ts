import { z } from 'zod';
import { freeText } from '~/platform/forms/schema';
import { LANGUAGES } from '~/platform/i18n/languages';
import { ORDER_TOKEN_PATTERN } from './order-view';

export { ORDER_TOKEN_PATTERN };

/**
 * The order form's rules, shared by the dialog (conform, in the browser and the route action) and the API
 * (POST /api/orders). The request carries a product id and a quantity, never a price:
 * the server prices the order from the products table. Unknown fields are rejected.
 * Error messages are translation keys (`shop:orderForm.errors.*`), as in every schema.
 */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

/** Countries we deliver to (ISO 3166 codes; names come from Intl.DisplayNames). */
export const COUNTRY_CODES = [
  'LT',
  'GB',
  'IE',
  'LV',
  'EE',
  'PL',
  'DE',
  'NL',
  'BE',
  'FR',
  'DK',
  'SE',
  'NO',
  'FI',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY: CountryCode = 'LT';

// The public forms' free text (platform/forms/schema.ts): direction controls refused,
// invisible characters dropped.
const requiredText = (min: number, max: number, error: string) =>
  freeText(error).min(min, { error }).max(max, { error });

/** Empty or missing → null; otherwise trimmed and at most `max` characters. */
const optionalText = (max: number, error: string) =>
  freeText(error)
    .max(max, { error })
    .nullish()
    .transform((value) => (value ? value : null));

export const emailSchema = z
  .string({ error: 'shop:orderForm.errors.email' })
  .trim()
  .max(254, { error: 'shop:orderForm.errors.email' })
  .pipe(z.email({ error: 'shop:orderForm.errors.email' }));

const phoneSchema = z
  .string({ error: 'shop:orderForm.errors.phone' })
  .trim()
  .max(30, { error: 'shop:orderForm.errors.phone' })
  .refine(
    (value) => value === '' || (/^\+?[\d\s()-]+$/.test(value) && value.replace(/\D/g, '').length >= 5),
    {
      error: 'shop:orderForm.errors.phone',
    },
  )
  .nullish()
  .transform((value) => (value ? value : null));

export const addressSchema = z.strictObject({
  street: requiredText(3, 200, 'shop:orderForm.errors.street'),
  city: requiredText(2, 100, 'shop:orderForm.errors.city'),
  postal_code: requiredText(3, 12, 'shop:orderForm.errors.postalCode').regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$/,
    {
      error: 'shop:orderForm.errors.postalCode',
    },
  ),
  country: z.enum(COUNTRY_CODES, { error: 'shop:orderForm.errors.country' }),
});

/** For pickup the form may still hold what was typed in the (hidden) address fields: dropped. */
const droppedAddress = z
  .strictObject({
    street: z.string().max(200),
    city: z.string().max(100),
    postal_code: z.string().max(12),
    country: z.string().max(2),
  })
  .partial()
  .nullish()
  .transform(() => null);

const orderFields = {
  product_id: z
    .string({ error: 'shop:orderForm.errors.product' })
    .trim()
    .min(1, { error: 'shop:orderForm.errors.product' })
    .max(64),
  quantity: z
    .number({ error: 'shop:orderForm.errors.quantity' })
    .int({ error: 'shop:orderForm.errors.quantity' })
    .min(MIN_QUANTITY, { error: 'shop:orderForm.errors.quantity' })
    .max(MAX_QUANTITY, { error: 'shop:orderForm.errors.quantity' }),
  customer_name: requiredText(2, 100, 'shop:orderForm.errors.name'),
  customer_email: emailSchema,
  customer_phone: phoneSchema,
  notes: optionalText(1000, 'shop:orderForm.errors.notes'),
  language: z.enum(LANGUAGES).default('lt'),
};

export const orderRequestSchema = z.discriminatedUnion(
  'delivery_method',
  [
    z.strictObject({
      ...orderFields,
      delivery_method: z.literal('delivery'),
      delivery_address: addressSchema,
    }),
    z.strictObject({
      ...orderFields,
      delivery_method: z.literal('pickup'),
      delivery_address: droppedAddress,
    }),
  ],
  { error: 'shop:orderForm.errors.deliveryMethod' },
);

export type OrderRequestInput = z.input<typeof orderRequestSchema>;
export type OrderRequest = z.output<typeof orderRequestSchema>;
export type DeliveryMethod = OrderRequest['delivery_method'];

/** 'E-mail me my orders' on /order-history. */
export const historyLinkRequestSchema = z.strictObject({
  email: emailSchema,
  language: z.enum(LANGUAGES).default('lt'),
});

/** The orders remembered by this browser, looked up in one request. */
export const orderLookupSchema = z.strictObject({
  tokens: z.array(z.string().regex(ORDER_TOKEN_PATTERN)).max(50),
});

import { formatMoney } from '~/platform/i18n/format';
import { ShoppingBag } from '~/platform/ui/icons/icons';
import { useSearchParams } from 'react-router';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { useLocalize } from '~/platform/i18n/localized';
import { Badge } from '~/platform/ui/Badge';
import { cn } from '~/platform/ui/cn';
import { ExternalButton } from './ExternalButton';
import { ProductTile } from './ProductTile';
import { SectionHeading } from '~/platform/ui/SectionHeading';
import { useHydrated } from '~/platform/ui/useHydrated';
import { PARTNER } from './partner';
import { productImage } from './product-image';
import {
  CATEGORY_SLUGS,
  categoryFromSlug,
  type SmokingCategory,
  type SmokingItem,
} from './smoking-catalogue';
import { usePageTexts } from '~/platform/content/PageTexts';

/** The query parameter that holds the chosen category, e.g. ?kategorija=dulkes. */
const CATEGORY_PARAM = 'kategorija';

const CATEGORIES: readonly SmokingCategory[] = ['equipment', 'dust', 'chips'];
const FILTERS: ReadonlyArray<SmokingCategory | 'all'> = ['all', ...CATEGORIES];
/** The id a filter's link targets without scripts (its category's slug, as in the address). */
const markerOf = (category: SmokingCategory) => `${CATEGORY_PARAM}-${CATEGORY_SLUGS[category]}`;

function StoreItemCard({ item }: { item: SmokingItem }) {
  const t = usePageTexts();
  const { language } = useLanguage();
  const localize = useLocalize();
  const name = localize(item.name);
  return (
    <ProductTile
      image={productImage(item)}
      imageAlt={name}
      label={<Badge variant="dark">{t(`partner.catalogue.categories.${item.category}`)}</Badge>}
      title={name}
      compact
      price={formatMoney(item.price, language, 'EUR')}
      description={localize(item.description)}
      actions={
        <ExternalButton href={PARTNER.storeUrl} size="sm">
          <ShoppingBag aria-hidden="true" className="h-4 w-4" />
          {t('partner.catalogue.buy')}
          <span className="sr-only">: {name}</span>
        </ExternalButton>
      }
    />
  );
}

/**
 * The partner's EUR smoking accessories with a category filter. The choice lives in the
 * address (?kategorija=…), so it survives a reload and can be shared. The prerendered HTML
 * shows every item; the query is applied once the page has hydrated.
 */
export function SmokingCatalogue({ catalogue }: { catalogue: readonly SmokingItem[] }) {
  const t = usePageTexts();
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const active: SmokingCategory | 'all' =
    (hydrated && categoryFromSlug(searchParams.get(CATEGORY_PARAM))) || 'all';
  const items = catalogue.filter((item) => active === 'all' || item.category === active);
  const countOf = (filter: SmokingCategory | 'all') =>
    catalogue.filter((item) => filter === 'all' || item.category === filter).length;

  const choose = (filter: SmokingCategory | 'all') => {
    setSearchParams(
      (params) => {
        if (filter === 'all') params.delete(CATEGORY_PARAM);
        else params.set(CATEGORY_PARAM, CATEGORY_SLUGS[filter]);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <section aria-labelledby="smoking-catalogue">
      <SectionHeading
        id="smoking-catalogue"
        title={t('partner.catalogue.title')}
        lead={t('partner.catalogue.lead')}
      />
      {/* Without scripts each filter is a link to its marker here: while one is the address's
          target, CSS shows only its category (app.css), on the page stored for everyone. */}
      {CATEGORIES.map((category) => (
        <span key={category} id={markerOf(category)} className="catalogue-marker block" />
      ))}
      <div
        role="group"
        aria-label={t('partner.catalogue.filterLabel')}
        className="flex flex-wrap justify-center gap-1.5 sm:gap-2"
      >
        {FILTERS.map((filter) => (
          <a
            key={filter}
            href={filter === 'all' ? '#smoking-catalogue' : `#${markerOf(filter)}`}
            aria-current={active === filter ? 'true' : undefined}
            data-filter={filter}
            onClick={(event) => {
              event.preventDefault();
              choose(filter);
            }}
            className={cn(
              'inline-flex cursor-pointer items-center gap-1.5 rounded-full border-2 px-3 py-1.5 text-sm font-semibold transition-colors sm:px-4 sm:py-2',
              active === filter
                ? 'border-ember-600 bg-ember-600 text-white'
                : 'border-ember-200 bg-white text-ember-800 hover:bg-ember-50',
            )}
          >
            {t(`partner.catalogue.categories.${filter}`)}
            <span
              aria-hidden="true"
              className={cn(
                'rounded-full px-1.5 text-xs',
                active === filter ? 'bg-white text-ember-800' : 'bg-ember-100 text-ember-800',
              )}
            >
              {countOf(filter)}
            </span>
          </a>
        ))}
      </div>
      <p role="status" className="mt-4 text-center text-sm text-muted">
        {t('partner.catalogue.showing', { count: items.length, total: catalogue.length })}
      </p>
      <ul
        aria-labelledby="smoking-catalogue"
        data-testid="smoking-catalogue"
        className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      >
        {items.map((item) => (
          <li key={item.id} data-category={item.category}>
            <StoreItemCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

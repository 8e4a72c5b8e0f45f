import {
  ChefHat,
  Clock,
  Flame,
  Hourglass,
  Lightbulb,
  type IconComponent,
  ShoppingBasket,
  Store,
  Thermometer,
  Timer,
  Truck,
  Users,
} from '~/platform/ui/icons/icons';
import { Link } from 'react-router';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { localeOf, numberFormat } from '~/platform/i18n/format';
import type { Photo } from '~/platform/media/photos';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { IconTile } from '~/platform/ui/IconTile';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Rating } from './Rating';
import { imageSetOf, largestSource, ResponsiveImage } from '~/platform/ui/ResponsiveImage';
import { SectionHeading } from '~/platform/ui/SectionHeading';
import { difficultyBadgeVariant, type Recipe } from './recipes';
import { PATHS } from '~/platform/paths';
import type { ListPage } from '~/platform/content/paged-list';
import { Pagination, usePagedTitle } from '~/platform/content/Pagination';
import { usePageTexts } from '~/platform/content/PageTexts';

interface TextCard {
  title: string;
  description: string;
}

/** Icons for the pack's four grilling tips and three shop cards, in their order. */
const TIP_ICONS: readonly IconComponent[] = [Flame, Timer, Thermometer, Hourglass];
const SHOP_ICONS: readonly IconComponent[] = [Store, ShoppingBasket, Truck];

function RecipeCard({ recipe, photo, first }: { recipe: Recipe; photo: Photo | undefined; first: boolean }) {
  const t = usePageTexts();
  const { language } = useLanguage();
  const count = numberFormat(localeOf(language));
  const title = recipe.title;
  const rating = numberFormat(localeOf(language), { minimumFractionDigits: 1 }).format(recipe.rating);

  return (
    <article
      id={recipe.id}
      aria-labelledby={`${recipe.id}-title`}
      className="flex flex-col overflow-hidden rounded-2xl border border-black/5 bg-white shadow-sm"
    >
      {photo ? (
        <ResponsiveImage
          image={imageSetOf(photo)}
          alt={t('imageAlt', { title })}
          sizes="(min-width: 1024px) 560px, 100vw"
          priority={first}
          className="aspect-[4/3] sm:aspect-[16/9]"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Badge variant={difficultyBadgeVariant(recipe.difficulty)}>
            <span className="sr-only">{t('difficulty.label')}: </span>
            {t(`difficulty.${recipe.difficulty}`)}
          </Badge>
          <Rating value={recipe.rating} valueText={rating} label={t('rating', { value: rating })} />
        </div>
        <h2 id={`${recipe.id}-title`} className="mt-4 text-2xl font-extrabold">
          {title}
        </h2>
        <p className="mt-2 text-muted">{recipe.description}</p>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
          <div className="flex items-center gap-2">
            <dt>
              <Clock aria-hidden="true" className="h-4 w-4 text-ember-600" />
              <span className="sr-only">{t('timeLabel')}</span>
            </dt>
            <dd>{t('minutes', { minutes: count.format(recipe.minutes) })}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Users aria-hidden="true" className="h-4 w-4 text-ember-600" />
              <span className="sr-only">{t('peopleLabel')}</span>
            </dt>
            <dd>
              {t('people', { min: count.format(recipe.peopleMin), max: count.format(recipe.peopleMax) })}
            </dd>
          </div>
        </dl>

        {/* Grows so the tips of neighbouring cards line up at the bottom. */}
        <div className="mt-6 grid flex-1 content-start gap-6 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div>
            <h3 className="font-bold">{t('ingredients')}</h3>
            <ul className="mt-3 space-y-1.5 text-sm">
              {recipe.ingredients.map((item) => (
                <li key={item} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-ember-500" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-bold">{t('steps')}</h3>
            <ol className="mt-3 space-y-2.5 text-sm">
              {recipe.steps.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-forest-100 text-xs font-bold text-forest-700"
                  >
                    {index + 1}
                  </span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>

        <div className="mt-6 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm">
          <Lightbulb aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-700" />
          <p>
            <strong className="font-semibold">{t('tip')}: </strong>
            {recipe.tip}
          </p>
        </div>
      </div>
    </article>
  );
}

export function RecipesPage({ photos, page }: { photos: Record<string, Photo>; page: ListPage }) {
  const t = usePageTexts();
  const title = usePagedTitle(t('meta.title'), page.page);
  const recipes = t.tree<Recipe[]>('recipes');
  const tips = t.tree<TextCard[]>('tips.items');
  const shops = t.tree<TextCard[]>('shops.items');
  const pictured = recipes.find((recipe) => photos[recipe.image]);
  const image = pictured && {
    src: largestSource(imageSetOf(photos[pictured.image]!)),
    alt: t('imageAlt', { title: pictured.title }),
  };

  return (
    <>
      <PageMeta title={title} description={t('meta.description')} image={image} />
      <PageHeader badge={t('badge')} title={t('title')} lead={t('lead')}>
        <nav aria-label={t('jumpTo')} className="mt-8">
          <ul className="flex flex-wrap justify-center gap-2">
            {recipes.map((recipe) => (
              <li key={recipe.id}>
                <a
                  href={`#${recipe.id}`}
                  className="inline-flex rounded-full border border-ember-200 bg-white px-4 py-2 text-sm font-semibold text-ember-800 hover:bg-ember-50"
                >
                  {recipe.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>

      <Container className="space-y-16 py-12">
        <div className="grid gap-8 lg:grid-cols-2">
          {recipes.map((recipe, index) => (
            <RecipeCard key={recipe.id} recipe={recipe} photo={photos[recipe.image]} first={index === 0} />
          ))}
        </div>
        <Pagination path={PATHS.recipes} page={page.page} pages={page.pages} />

        <section aria-labelledby="grilling-tips">
          <SectionHeading id="grilling-tips" title={t('tips.title')} lead={t('tips.lead')} />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {tips.map((tip, index) => (
              <li key={tip.title}>
                <Card className="h-full">
                  <IconTile icon={TIP_ICONS[index] ?? Flame} tone="ember" />
                  <h3 className="mt-4 text-lg font-bold">{tip.title}</h3>
                  <p className="mt-2 text-sm text-muted">{tip.description}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="where-to-buy">
          <SectionHeading id="where-to-buy" title={t('shops.title')} lead={t('shops.lead')} />
          <ul className="grid gap-6 md:grid-cols-3">
            {shops.map((shop, index) => (
              <li key={shop.title}>
                <Card className="h-full border-t-4 border-t-forest-500">
                  <IconTile icon={SHOP_ICONS[index] ?? Store} tone="forest" />
                  <h3 className="mt-4 text-lg font-bold">{shop.title}</h3>
                  <p className="mt-2 text-sm text-muted">{shop.description}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="recipes-cta"
          className="flex flex-col items-center gap-4 rounded-2xl bg-gradient-to-br from-forest-700 to-forest-900 p-8 text-center text-white shadow-sm sm:p-12"
        >
          <ChefHat aria-hidden="true" className="h-10 w-10 text-amber-flag" />
          <h2 id="recipes-cta" className="text-2xl font-extrabold sm:text-3xl">
            {t('cta.title')}
          </h2>
          <p className="max-w-xl text-white/90">{t('cta.text')}</p>
          <Button asChild variant="light" size="lg">
            <Link to={PATHS.registration}>{t('cta.button')}</Link>
          </Button>
        </section>
      </Container>
    </>
  );
}

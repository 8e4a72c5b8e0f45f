import type { ReactNode } from 'react';
import { cn } from '~/platform/ui/cn';
import { ResponsiveImage, type ImageSet } from '~/platform/ui/ResponsiveImage';

/**
 * The card every product is shown in: picture, optional label, name (<h3>), price, text,
 * then `children` (extras such as a usage tip) and the `actions` row pinned to the bottom.
 */
export function ProductTile({
  id,
  image,
  imageAlt,
  label,
  title,
  price,
  description,
  children,
  actions,
  compact = false,
  headingLevel = 3,
  className,
}: {
  id?: string;
  image?: ImageSet;
  imageAlt: string;
  label?: ReactNode;
  title: string;
  price: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  /** On phones: a small picture beside the text instead of above it (long catalogues). */
  compact?: boolean;
  /** 3 inside a titled section (default); 2 when the cards sit directly under the page's <h1>. */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      id={id}
      aria-label={title}
      className={cn(
        'flex h-full overflow-hidden rounded-2xl border border-black/5 bg-white shadow-sm transition-shadow hover:shadow-md',
        compact ? 'flex-row sm:flex-col' : 'flex-col',
        className,
      )}
    >
      <div
        className={cn(
          'relative shrink-0',
          compact ? 'w-28 pt-4 pl-4 sm:w-auto sm:p-0 sm:bg-sand' : 'bg-sand',
        )}
      >
        {image ? (
          <ResponsiveImage
            image={image}
            alt={imageAlt}
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
            className={cn(
              compact ? 'aspect-square rounded-xl sm:aspect-[4/3] sm:rounded-none' : 'aspect-[4/3]',
            )}
          />
        ) : null}
        {label ? (
          <div className={cn('absolute top-3 left-3', compact && 'hidden sm:block')}>{label}</div>
        ) : null}
      </div>
      <div className={cn('flex min-w-0 flex-1 flex-col', compact ? 'p-4 sm:p-5' : 'p-5')}>
        <div
          className={cn('flex items-start justify-between gap-3', compact && 'max-sm:flex-col max-sm:gap-1')}
        >
          <Heading className={cn('leading-snug font-bold', compact ? 'sm:text-lg' : 'text-lg')}>
            {title}
          </Heading>
          <p
            className={cn(
              'shrink-0 font-black whitespace-nowrap text-ember-700',
              compact ? 'sm:text-lg' : 'text-lg',
            )}
          >
            {price}
          </p>
        </div>
        {description ? <p className="mt-2 text-sm text-muted">{description}</p> : null}
        {children}
        <div className={cn('mt-auto flex flex-wrap items-center gap-2', compact ? 'pt-3 sm:pt-5' : 'pt-5')}>
          {actions}
        </div>
      </div>
    </article>
  );
}

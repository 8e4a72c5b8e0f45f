import { useId, type ReactNode } from 'react';
import { cn } from './cn';
import { Container } from './Container';

const tones = {
  plain: '',
  sand: 'bg-sand/60',
  white: 'bg-white',
  dark: 'bg-forest-900 text-white',
} as const;

/**
 * A page section: an optional eyebrow, an <h2> with a lead text, then the content. The
 * section is labelled by its heading, so it is a named region for screen readers.
 */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = 'plain',
  align = 'center',
  className,
  children,
}: {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  tone?: keyof typeof tones;
  align?: 'center' | 'left';
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  const dark = tone === 'dark';
  return (
    <section id={id} aria-labelledby={headingId} className={cn('py-14 sm:py-20', tones[tone], className)}>
      <Container>
        <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
          {eyebrow ? (
            <p
              className={cn(
                'text-sm font-bold tracking-wider uppercase',
                dark ? 'text-amber-flag' : 'text-ember-700',
              )}
            >
              {eyebrow}
            </p>
          ) : null}
          <h2 id={headingId} className="mt-2 text-2xl font-extrabold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {typeof lead === 'string' ? (
            <p className={cn('mt-4 text-lg', dark ? 'text-white/80' : 'text-muted')}>{lead}</p>
          ) : lead ? (
            // Formatted text brings its own paragraphs.
            <div className={cn('mt-4 text-lg', dark ? 'text-white/80' : 'text-muted')}>{lead}</div>
          ) : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </Container>
    </section>
  );
}

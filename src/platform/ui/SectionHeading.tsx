import type { ReactNode } from 'react';
import { cn } from './cn';

/** The <h2> that opens a page section, with an optional small label above and a lead below. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
  className,
}: {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'center' | 'left';
  className?: string;
}) {
  return (
    <div className={cn('mb-8', align === 'center' && 'mx-auto max-w-2xl text-center', className)}>
      {eyebrow ? (
        <p className="text-sm font-bold tracking-wider text-ember-700 uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-muted">{lead}</p> : null}
    </div>
  );
}

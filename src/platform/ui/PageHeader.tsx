import type { ReactNode } from 'react';
import { Badge } from './Badge';
import { Container } from './Container';

/** The standard top of a content page: badge, the page's single <h1>, and a lead text. */
export function PageHeader({
  badge,
  title,
  lead,
  children,
}: {
  badge?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="bg-gradient-to-b from-sand to-cream py-12 sm:py-16">
      <Container className="text-center">
        {badge ? <Badge>{badge}</Badge> : null}
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {lead ? <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{lead}</p> : null}
        {children}
      </Container>
    </header>
  );
}

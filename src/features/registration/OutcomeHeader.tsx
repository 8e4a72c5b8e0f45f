import type { ComponentType, ReactNode } from 'react';
import { Badge } from '~/platform/ui/Badge';
import { Container } from '~/platform/ui/Container';
import { cn } from '~/platform/ui/cn';

/** The top of a page after registering: registered, or on the waiting list (issue 32). */
export function OutcomeHeader({
  icon: Icon,
  badge,
  title,
  lead,
  className,
  children,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  badge: string;
  title: string;
  lead: string;
  /** Its background and the icon's colour. */
  className: { header: string; icon: string };
  children?: ReactNode;
}) {
  return (
    <header className={cn('py-12 sm:py-16', className.header)}>
      <Container className="text-center">
        <Icon aria-hidden="true" className={cn('mx-auto h-14 w-14', className.icon)} />
        <Badge variant="secondary" className="mt-4">
          {badge}
        </Badge>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{lead}</p>
        {children}
      </Container>
    </header>
  );
}

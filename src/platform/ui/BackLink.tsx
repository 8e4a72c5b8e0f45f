import { ArrowLeft } from '~/platform/ui/icons/icons';
import { Link } from 'react-router';
import { cn } from './cn';

/** "← Back to …" link at the top of a sub-page. */
export function BackLink({ to, children, className }: { to: string; children: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-full py-2 pr-3 text-sm font-semibold text-ember-700 hover:text-ember-800 hover:underline',
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {children}
    </Link>
  );
}

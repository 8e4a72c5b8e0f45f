import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { buttonClasses, type ButtonVariant } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { onDarkButtonClasses } from '~/platform/ui/onDark';
import { ExternalLink } from '~/platform/ui/ExternalLink';

/** A button-styled link to another site; screen readers hear that it opens a new tab. */
export function ExternalButton({
  href,
  variant = 'primary',
  size = 'md',
  className,
  children,
}: {
  href: string;
  /** 'onDark': outlined white, for dark backgrounds. */
  variant?: ButtonVariant | 'onDark';
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ExternalLink
      href={href}
      className={cn(
        variant === 'onDark' ? onDarkButtonClasses(size) : buttonClasses(variant, size),
        className,
      )}
    >
      {children}
      <span className="sr-only"> {t('common:external.newTab')}</span>
    </ExternalLink>
  );
}

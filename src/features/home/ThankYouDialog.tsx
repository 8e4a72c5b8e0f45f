import { Heart } from '~/platform/ui/icons/icons';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '~/platform/ui/Button';
import { usePageTexts } from '~/platform/content/PageTexts';

const loadSheet = () => import('./ThankYouSheet');
const ThankYouSheet = lazy(loadSheet);

/**
 * The hero's 'thank you' button. The dialog (Radix Dialog + Switch) loads on first use, so
 * the home page's first-load JavaScript stays small.
 */
export function ThankYouDialog() {
  const t = usePageTexts();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant="onDark"
        // Its sheet needs scripts: not offered without them (issue 44).
        className="noscript:hidden"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Heart aria-hidden="true" className="h-5 w-5" />
        {t('hero.thanks')}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ThankYouSheet open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}

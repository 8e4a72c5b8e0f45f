import { Award, HeartHandshake, Sparkles, Users, Volleyball } from '~/platform/ui/icons/icons';
import { Dialog, Switch } from 'radix-ui';
import { useId, useState, type RefObject } from 'react';
import { DialogCloseButton } from '~/platform/ui/DialogCloseButton';
import { IconTile } from '~/platform/ui/IconTile';
import { usePageTexts } from '~/platform/content/PageTexts';

const RECAP = [
  { key: 'summary', icon: Users },
  { key: 'basketball', icon: Volleyball },
  { key: 'winner', icon: Award },
  { key: 'sponsor', icon: HeartHandshake },
  { key: 'tradition', icon: Sparkles },
] as const;

/**
 * The recap of the last event, with a switch that shows or hides the 'see you next year'
 * line. Loaded on first use by ThankYouDialog.
 */
export default function ThankYouSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = usePageTexts();
  const [showNextYear, setShowNextYear] = useState(false);
  const switchId = useId();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-cream p-6 shadow-2xl outline-none sm:p-8"
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <Dialog.Title className="text-2xl font-extrabold tracking-tight">
                {t('thanks.title')}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-muted">{t('thanks.description')}</Dialog.Description>
            </div>
            <DialogCloseButton label={t('thanks.close')} className="-mt-1" />
          </div>
          <ul className="mt-6 space-y-4">
            {RECAP.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4">
                <IconTile icon={Icon} />
                <div>
                  <h3 className="font-bold">{t(`thanks.${key}Title`)}</h3>
                  <p className="text-muted">{t(`thanks.${key}`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-6 rounded-xl bg-sand/70 p-4">
            <div className="flex items-center justify-between gap-4">
              <label htmlFor={switchId} className="cursor-pointer font-semibold">
                {t('thanks.toggle')}
              </label>
              <Switch.Root
                id={switchId}
                checked={showNextYear}
                onCheckedChange={setShowNextYear}
                className="relative h-7 w-12 shrink-0 cursor-pointer rounded-full bg-black/25 transition-colors data-[state=checked]:bg-forest-600"
              >
                <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
              </Switch.Root>
            </div>
            {showNextYear ? (
              <p className="mt-3 text-lg font-bold text-ember-800">{t('thanks.nextYear')}</p>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { Dialog, Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { DialogCloseButton } from '~/platform/ui/DialogCloseButton';
import { Spinner } from '~/platform/ui/Spinner';
import { useAdminQuery } from '~/platform/admin/api';
import { formatDateTime } from '~/platform/i18n/format';
import { type OutboxMail, OUTBOX_ENDPOINTS } from './admin';
import { Details, StatusBadge } from '~/platform/admin/parts';

const tabClass =
  'cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold text-muted hover:bg-sand ' +
  'data-[state=active]:bg-ink data-[state=active]:text-white';

/**
 * One queued or sent e-mail. The text part is shown as plain text; the HTML part only inside
 * a fully sandboxed frame (no scripts, no forms, no same-origin access), never in the page.
 */
export function MailDialog({ id, trigger }: { id: string; trigger: ReactNode }) {
  const { t, i18n } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const { data: mail } = useAdminQuery<OutboxMail>(open ? OUTBOX_ENDPOINTS.mail.url({ id }) : null);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white p-5 shadow-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold break-words">
              {mail?.subject ?? t('outbox.dialogTitle')}
            </Dialog.Title>
            <DialogCloseButton label={t('outbox.close')} size="sm" className="-mt-2" />
          </div>
          {!mail || mail.id !== id ? (
            <Spinner label={t('shell.loading')} className="py-12" />
          ) : (
            <div className="mt-3 flex min-h-0 flex-col overflow-y-auto">
              <div className="mb-3">
                <StatusBadge group="outboxStatus" value={mail.status} />
              </div>
              <Details
                items={[
                  { label: t('fields.to'), value: mail.to_address },
                  { label: t('fields.replyTo'), value: mail.reply_to },
                  { label: t('fields.createdAt'), value: formatDateTime(mail.created_at, i18n.language) },
                  {
                    label: t('fields.sentAt'),
                    value: mail.sent_at ? formatDateTime(mail.sent_at, i18n.language) : null,
                  },
                  { label: t('fields.lastError'), value: mail.last_error, wide: true },
                ]}
              />
              <Tabs.Root defaultValue="text" className="mt-4">
                <Tabs.List aria-label={t('outbox.dialogTitle')} className="flex gap-2">
                  <Tabs.Trigger value="text" className={tabClass}>
                    {t('outbox.textVersion')}
                  </Tabs.Trigger>
                  <Tabs.Trigger value="html" className={tabClass}>
                    {t('outbox.htmlVersion')}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="text" className="mt-3">
                  <pre className="rounded-lg bg-cream p-4 font-sans text-sm break-words whitespace-pre-wrap">
                    {mail.text_body}
                  </pre>
                </Tabs.Content>
                <Tabs.Content value="html" className="mt-3">
                  <iframe
                    title={t('outbox.htmlFrameTitle')}
                    sandbox=""
                    srcDoc={mail.html_body}
                    referrerPolicy="no-referrer"
                    className="h-[60vh] w-full rounded-lg border border-black/10 bg-white"
                  />
                </Tabs.Content>
              </Tabs.Root>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

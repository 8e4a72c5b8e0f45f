import { useEffect, useRef, useState } from 'react';
import { useSchemaForm } from '~/platform/forms/useSchemaForm';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useAdminErrorHandler, useAdminQuery } from '~/platform/admin/api';
import { ConfirmButton, Field, panelClasses, PanelTitle, TextAreaField } from '~/platform/admin/parts';
import { ApiError, isMessageKey } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { formatDateTime } from '~/platform/i18n/format';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { ConfirmPanel } from '~/platform/ui/ConfirmPanel';
import { Eye, MailPlus, Send } from '~/platform/ui/icons/icons';
import { notify } from '~/platform/ui/notify';
import {
  AUDIENCES,
  type Draft,
  type DraftInput,
  draftSchema,
  type MessageRow,
  type MessagesAnswer,
  PARTICIPANT_MESSAGE_ENDPOINTS as ENDPOINTS,
  type PreviewAnswer,
} from './messages';

/** How often the list is read again while a message is on its way. */
const PROGRESS_EVERY_MS = 2_000;

const EMPTY: DraftInput = {
  audience: 'confirmed',
  subject: { lt: '', en: '' },
  body: { lt: '', en: '' },
};

/**
 * A key for one confirmed send: the same request repeated (a double click, a retry after a
 * lost answer) carries it and sends nothing more. Random bytes, not randomUUID (that needs a
 * secure context; a site opened over plain http on a local network is not one).
 */
const newSendKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** The reason the API gave (a key of a pack), or the action's own message. */
function useMessageErrors() {
  const { t } = useTranslation('participantMessages');
  const onError = useAdminErrorHandler();
  return (error: unknown, fallbackKey: string) => {
    if (error instanceof ApiError && error.status === 409 && isMessageKey(error.body.message))
      void notify('error', t(fallbackKey), { description: t(error.body.message) });
    else onError(error, `participantMessages:${fallbackKey}`);
  };
}

function Progress({ message }: { message: MessageRow }) {
  const { t } = useTranslation('participantMessages');
  const { total, sent, queued, failed } = message.progress;
  return (
    <div className="mt-3">
      <div
        role="progressbar"
        aria-label={t('list.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sent}
        className="flex h-2.5 overflow-hidden rounded-full bg-sand"
      >
        <div className="bg-forest-600" style={{ width: `${total ? (sent / total) * 100 : 0}%` }} />
        <div className="bg-red-700" style={{ width: `${total ? (failed / total) * 100 : 0}%` }} />
      </div>
      <p className="mt-1.5 text-sm" data-testid="message-progress">
        {t('list.progress', { sent, queued, failed, total })}
      </p>
      {failed > 0 ? <p className="mt-1 text-sm text-muted">{t('list.failedHint')}</p> : null}
    </div>
  );
}

function statusOf(message: MessageRow): 'draft' | 'sending' | 'sent' | 'delivering' {
  if (message.status === 'sent' && message.progress.queued > 0) return 'delivering';
  return message.status;
}

function MessageCard({
  message,
  onEdit,
  onChanged,
}: {
  message: MessageRow;
  onEdit: (message: MessageRow) => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('participantMessages');
  const onError = useMessageErrors();
  const status = statusOf(message);
  const remove = async () => {
    try {
      await apiRequest('DELETE', ENDPOINTS.message.url({ id: message.id }));
      void notify('success', t('list.deleted'));
      onChanged();
    } catch (error) {
      onError(error, 'errors.delete');
    }
  };
  return (
    <article className="rounded-xl border border-black/10 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 text-base font-bold break-words">
          {message.subject[i18n.language === 'en' ? 'en' : 'lt']}
        </h3>
        <Badge
          variant={status === 'draft' ? 'outline' : status === 'sent' ? 'secondary' : 'default'}
          className="px-2.5 py-0.5 text-xs"
        >
          {t(`status.${status}`)}
        </Badge>
      </header>
      <p className="mt-1 text-sm text-muted">
        {t('list.to', { audience: t(`audiences.${message.audience}`) })} ·{' '}
        {message.send_started_at
          ? t('list.started', { date: formatDateTime(message.send_started_at, i18n.language) })
          : t('list.created', { date: formatDateTime(message.created_at, i18n.language) })}
      </p>
      {message.status === 'draft' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => onEdit(message)}>
            {t('list.edit')}
          </Button>
          <ConfirmButton
            label={t('list.delete')}
            title={t('list.deleteTitle')}
            text={t('list.deleteText')}
            confirmLabel={t('list.deleteYes')}
            cancelLabel={t('list.cancel')}
            variant="ghost"
            onConfirm={() => void remove()}
          />
        </div>
      ) : (
        <Progress message={message} />
      )}
    </article>
  );
}

function PreviewPanel({
  preview,
  count,
  onSend,
}: {
  preview: PreviewAnswer;
  count: number;
  onSend: () => Promise<void>;
}) {
  const { t } = useTranslation('participantMessages');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="message-preview" className={cn(panelClasses, 'mt-6')}>
      <PanelTitle id="message-preview" icon={Eye} title={t('preview.title')} help={t('preview.lead')} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {(['lt', 'en'] as const).map((language) => (
          <div key={language} className="min-w-0">
            <p className="text-sm font-semibold">{t(`compose.${language}`)}</p>
            <p className="mb-2 text-sm break-words text-muted">
              {t('preview.subjectLine', { subject: preview[language].subject })}
            </p>
            {/* The e-mail's HTML only inside a fully sandboxed frame, as the outbox shows it. */}
            <iframe
              title={t('preview.frame', { language: t(`compose.${language}`) })}
              sandbox=""
              srcDoc={preview[language].html}
              referrerPolicy="no-referrer"
              className="h-[28rem] w-full rounded-lg border border-black/10 bg-white"
            />
          </div>
        ))}
      </div>
      <div className="mt-4">
        {count === 0 ? (
          <p className="text-sm font-medium text-red-800">{t('preview.nobody')}</p>
        ) : asking ? (
          <ConfirmPanel
            question={t('preview.question', { count })}
            confirmLabel={t('preview.yes')}
            backLabel={t('preview.back')}
            busy={busy}
            onConfirm={() => {
              setBusy(true);
              void onSend().finally(() => setBusy(false));
            }}
            onBack={() => setAsking(false)}
          />
        ) : (
          <Button onClick={() => setAsking(true)}>
            <Send aria-hidden="true" className="h-4 w-4" />
            {t('preview.send', { count })}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * Messages to participants (issue 32): write a message in both languages, pick the group,
 * save it as a draft and see both e-mails, send it once; the edition's messages below with
 * their progress (read again every 2 s while mails are on their way).
 */
export function ParticipantMessagesPage() {
  const { t } = useTranslation('participantMessages');
  const onError = useMessageErrors();
  const [version, setVersion] = useState(0);
  const { data } = useAdminQuery<MessagesAnswer>(ENDPOINTS.messages.url(), version);
  const [draftId, setDraftId] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);
  const sendKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { form, fields, submitting, control } = useSchemaForm(draftSchema, {
    defaultValue: EMPTY,
    onValid: (values) => saveAndPreview(values),
  });
  const audience = fields.audience.value as DraftInput['audience'];
  const reload = () => setVersion((n) => n + 1);

  // While a message is on its way, its progress is read again.
  const moving = data?.messages.some((message) => message.status !== 'draft' && statusOf(message) !== 'sent');
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setVersion((n) => n + 1), PROGRESS_EVERY_MS);
    return () => clearInterval(timer);
  }, [moving]);

  const startOver = () => {
    form.reset();
    setDraftId(null);
    setPreview(null);
    sendKey.current = null;
  };

  const edit = (message: MessageRow) => {
    form.update({ value: { audience: message.audience, subject: message.subject, body: message.body } });
    setDraftId(message.id);
    setPreview(null);
    formRef.current?.scrollIntoView({ block: 'start' });
  };

  const saveAndPreview = async (values: Draft) => {
    try {
      const saved = draftId
        ? await apiRequest<MessageRow>('PUT', ENDPOINTS.message.url({ id: draftId }), values)
        : await apiRequest<MessageRow>('POST', ENDPOINTS.messages.url(), values);
      setDraftId(saved.id);
      const rendered = await apiRequest<PreviewAnswer>('POST', ENDPOINTS.preview.url(), {
        subject: values.subject,
        body: values.body,
      });
      // A new preview is a new decision to send: its own key.
      sendKey.current = newSendKey();
      setPreview(rendered);
      void notify('success', t('compose.saved'));
      reload();
    } catch (error) {
      onError(error, 'errors.save');
    }
  };

  const send = async () => {
    if (!draftId || !sendKey.current) return;
    try {
      await apiRequest<MessageRow>('POST', ENDPOINTS.send.url({ id: draftId }), {
        idempotencyKey: sendKey.current,
      });
      void notify('success', t('preview.sending'));
      startOver();
    } catch (error) {
      onError(error, 'errors.send');
    } finally {
      reload();
    }
  };

  // One mail per address: the send button says how many mails go.
  const count = data?.counts[audience]?.addresses ?? 0;

  return (
    <>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t('intro')}</p>
      {data ? (
        <p className="mt-1 text-sm font-semibold text-forest-700">
          {data.edition === null ? t('editionNone') : t('edition', { edition: data.edition })}
        </p>
      ) : null}

      <section aria-labelledby="message-compose" className={cn(panelClasses, 'mt-6 scroll-mt-4')}>
        <PanelTitle
          id="message-compose"
          icon={MailPlus}
          title={draftId ? t('compose.editTitle') : t('compose.title')}
          help={t('compose.bodyHelp', { example: '{{date}}' })}
        />
        <form
          ref={formRef}
          id={form.id}
          onSubmit={form.onSubmit}
          // Any change after the preview needs a new preview before it can be sent.
          onChange={() => setPreview(null)}
          noValidate
          className="mt-4 flex flex-col gap-5"
        >
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">{t('compose.audience')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {AUDIENCES.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-black/15 px-3 py-2.5 has-checked:border-ember-600 has-checked:bg-ember-50"
                >
                  <input
                    type="radio"
                    value={value}
                    name={fields.audience.name}
                    defaultChecked={fields.audience.initialValue === value}
                    className="h-4 w-4 accent-ember-700"
                  />
                  {/* On a phone the counts go under the group's name, beside it from sm up. */}
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-3">
                    <span className="min-w-0 sm:flex-1">{t(`audiences.${value}`)}</span>
                    <span
                      className="flex flex-wrap gap-x-2 text-sm text-muted sm:block sm:text-right"
                      data-testid={`count-${value}`}
                    >
                      {data ? (
                        <>
                          <span className="whitespace-nowrap sm:block">
                            {t('compose.registrations', { count: data.counts[value].registrations })}
                          </span>
                          <span className="whitespace-nowrap sm:block">
                            {t('compose.addresses', { count: data.counts[value].addresses })}
                          </span>
                        </>
                      ) : (
                        '–'
                      )}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-5 lg:grid-cols-2">
            {(['lt', 'en'] as const).map((language) => (
              <fieldset key={language} className="flex min-w-0 flex-col gap-3">
                <legend className="mb-1 text-base font-bold">{t(`compose.${language}`)}</legend>
                <Field
                  label={t('compose.subject')}
                  lang={language}
                  {...control(fields.subject.getFieldset()[language])}
                />
                <TextAreaField
                  label={t('compose.body')}
                  lang={language}
                  {...control(fields.body.getFieldset()[language])}
                />
              </fieldset>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={submitting}>
              <Eye aria-hidden="true" className="h-4 w-4" />
              {submitting ? t('compose.saving') : t('compose.preview')}
            </Button>
            {draftId ? (
              <Button type="button" variant="ghost" onClick={startOver}>
                {t('compose.newMessage')}
              </Button>
            ) : null}
          </div>
        </form>
      </section>

      {preview ? <PreviewPanel preview={preview} count={count} onSend={send} /> : null}

      <section aria-labelledby="message-list" className="mt-8">
        <h2 id="message-list" className="text-xl font-bold">
          {t('list.title')}
        </h2>
        {data && data.messages.length === 0 ? <p className="mt-2 text-muted">{t('list.empty')}</p> : null}
        <div className="mt-3 flex flex-col gap-3">
          {data?.messages.map((message) => (
            <MessageCard key={message.id} message={message} onEdit={edit} onChanged={reload} />
          ))}
        </div>
      </section>
    </>
  );
}

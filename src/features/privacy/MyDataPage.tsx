import { CircleCheck, ShieldCheck, TriangleAlert } from '~/platform/ui/icons/icons';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm } from '@conform-to/react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { CheckboxField, ChoiceGroup, TextAreaField, TextField } from '~/platform/forms/fields';
import type { FormAnswer } from '~/platform/forms/outcome';
import type { FormReply } from '~/platform/forms/submission';
import { ApiError } from '~/platform/http/api';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { PATHS } from '~/platform/paths';
import {
  INTENT_FIELD,
  isSelfServiceIntent,
  type SelfServiceAnswer,
  type SelfServiceIntent,
  type SelfServiceView,
  type SelfServiceViewField,
} from './self-service';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { ConfirmPanel } from '~/platform/ui/ConfirmPanel';
import { Container } from '~/platform/ui/Container';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { Spinner } from '~/platform/ui/Spinner';
import { MyLinksForm } from './MyLinksForm';
import {
  cancelMyRegistration,
  correctMyData,
  deleteMyData,
  endMyLink,
  fetchMyData,
  myDataFileUrl,
  restoreMyRegistration,
} from './self-service-api';

type State =
  | { kind: 'loading' }
  | { kind: 'gone' }
  | { kind: 'error' }
  | {
      kind: 'shown';
      view: SelfServiceView;
      editing: boolean;
      /** An action that asks first, asking now. */
      confirm?: SelfServiceAnswer['confirm'];
      /** Just stored: said above the record. */
      done?: SelfServiceAnswer['done'];
      /** Why the last action was refused (a translated key), e.g. the place went to another. */
      refusal?: string;
    }
  | { kind: 'deleted' }
  | { kind: 'ended' };

/** A field's value now, as the form starts (conform writes it as the browser posts it). */
const fieldValue = (field: SelfServiceViewField) => {
  const kind = field.editable?.kind;
  if (kind === 'checkbox') return field.value === 'true';
  if (kind === 'choices') return field.editable?.chosen ?? [];
  if (kind === 'choice') return field.editable?.chosen?.[0] ?? '';
  return field.value;
};

/** The form's fields as the JSON API takes them: numbers, ticks and lists typed. */
function typedValues(fields: SelfServiceViewField[], formData: FormData): Record<string, unknown> {
  const typed = (field: SelfServiceViewField) => {
    const value = formData.get(field.name);
    switch (field.editable?.kind) {
      case 'checkbox':
        return value !== null;
      case 'choices':
        return formData.getAll(field.name);
      case 'number':
        return typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      default:
        return value ?? '';
    }
  };
  return Object.fromEntries(fields.map((field) => [field.name, typed(field)]));
}

/** Errors by field as conform shows them (the form's own, under '', are said above it). */
const replyOf = (
  errors: { field: string; message: string }[],
  values?: FormReply['initialValue'],
): FormReply => ({
  status: 'error',
  ...(values ? { initialValue: values } : {}),
  error: Object.fromEntries(
    errors.filter((error) => error.field !== '').map((error) => [error.field, [error.message]]),
  ),
});

/**
 * The page's first state: what a post without scripts answered, else what the server read
 * for the address's link, else what the address says (the record fetched after hydration).
 */
function firstState(link: string, posted: SelfServiceAnswer | undefined): State {
  if (posted?.gone) return { kind: 'gone' };
  if (posted?.unavailable) return { kind: 'error' };
  if (posted?.deleted) return { kind: 'deleted' };
  if (posted?.ended) return { kind: 'ended' };
  if (posted?.view)
    return {
      kind: 'shown',
      view: posted.view,
      editing: posted.editing ?? false,
      confirm: posted.confirm,
      done: posted.done,
      refusal: posted.editing ? undefined : posted.errors?.[0]?.message,
    };
  return link ? { kind: 'loading' } : { kind: 'gone' };
}

/**
 * A button that posts one of the record's intents to the page (the route action answers
 * with the record: no scripts needed); with scripts, `onPress` does it in place.
 */
function IntentButton({
  intent,
  onPress,
  children,
  ...button
}: {
  intent: SelfServiceIntent;
  onPress: () => void;
  children: string;
  variant?: 'outline' | 'ghost';
  disabled?: boolean;
  className?: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPress();
  };
  return (
    <form method="post" onSubmit={submit} className="contents">
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <Button type="submit" {...button}>
        {children}
      </Button>
    </form>
  );
}

function Notice({ tone, title, text }: { tone: 'ok' | 'warn'; title: string; text: string }) {
  const { t } = useTranslation('privacy');
  const Icon = tone === 'ok' ? CircleCheck : TriangleAlert;
  return (
    <Card role="status" className="text-center">
      <Icon
        aria-hidden="true"
        className={`mx-auto h-10 w-10 ${tone === 'ok' ? 'text-forest-600' : 'text-amber-flag'}`}
      />
      <h2 className="mt-3 text-xl font-bold">{title}</h2>
      <p className="mt-2 text-muted">{text}</p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={PATHS.privacy}>{t('self.readNotice')}</Link>
      </Button>
    </Card>
  );
}

function Shown({ view }: { view: SelfServiceView }) {
  const { t } = useTranslation('privacy');
  const yesNo = (value: string) => t(value === 'true' ? 'self.yes' : 'self.no');
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {view.fields.map((field) => (
        <div
          key={field.name}
          className={field.editable?.kind === 'multiline' || field.name === 'message' ? 'sm:col-span-2' : ''}
        >
          <dt className="text-sm font-semibold text-muted">{field.label}</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line">
            {field.yesNo ? yesNo(field.value) : field.value || t('self.empty')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CorrectForm({
  view,
  link,
  posted,
  onSaved,
  onCancel,
}: {
  view: SelfServiceView;
  link: string;
  /** A correction posted without scripts and refused: what was typed, and why. */
  posted?: Pick<SelfServiceAnswer, 'values' | 'errors'>;
  onSaved: (view: SelfServiceView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('privacy');
  const { language } = useLanguage();
  const editable = view.fields.filter((field) => field.editable);
  // A correction posted without scripts and refused: what was typed and why, until the next try.
  const [reply, setReply] = useState(() =>
    posted?.errors?.length ? replyOf(posted.errors, posted.values) : undefined,
  );
  const [failed, setFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const refusal = posted?.errors?.find((error) => error.field === '');
  // No checks in the browser: the record's rules are the server's (the answer marks the fields).
  const [form] = useForm({
    defaultValue: Object.fromEntries(editable.map((field) => [field.name, fieldValue(field)])),
    lastResult: reply,
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      setFailed(false);
      setSubmitting(true);
      correctMyData(link, language, typedValues(editable, formData))
        .then(onSaved)
        .catch((error: unknown) => {
          const fields = error instanceof ApiError ? (error.body.fields ?? []) : [];
          if (fields.some((field) => field.field !== '')) setReply(replyOf(fields));
          else setFailed(true);
        })
        .finally(() => setSubmitting(false));
    },
  });
  return (
    <FormProvider context={form.context}>
      {/* Posted to the page without scripts (the button says which: save, or back to the record). */}
      <form
        id={form.id}
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        className="grid gap-5"
        aria-label={t('self.correct')}
      >
        {posted?.errors?.length ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {t(refusal?.message ?? 'privacy:self.invalid')}
          </p>
        ) : null}
        {editable.map((field) => {
          const editing = field.editable!;
          const common = {
            name: field.name,
            label: editing.label ?? field.label,
            optional: editing.optional,
            hint: editing.hint,
          };
          if (editing.kind === 'choice' || editing.kind === 'choices')
            return (
              <ChoiceGroup
                key={field.name}
                name={field.name}
                legend={common.label}
                hint={common.hint}
                multiple={editing.kind === 'choices'}
                columns={editing.kind === 'choices' ? 2 : 1}
                options={editing.options ?? []}
              />
            );
          if (editing.kind === 'checkbox')
            return (
              <CheckboxField
                key={field.name}
                name={common.name}
                label={common.label}
                optional={common.optional}
              />
            );
          if (editing.kind === 'multiline') return <TextAreaField key={field.name} {...common} rows={2} />;
          return (
            <TextField
              key={field.name}
              {...common}
              type={editing.kind === 'number' ? 'number' : 'text'}
              inputMode={editing.kind === 'number' ? 'numeric' : undefined}
            />
          );
        })}
        {failed ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {t('self.failed')}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button type="submit" size="lg" name={INTENT_FIELD} value="correct" disabled={submitting}>
            {submitting ? t('self.saving') : t('self.save')}
          </Button>
          <Button
            type="submit"
            variant="ghost"
            name={INTENT_FIELD}
            value="open"
            formNoValidate
            onClick={(event) => {
              event.preventDefault();
              onCancel();
            }}
          >
            {t('self.back')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

export function MyDataPage() {
  const { t } = useTranslation('privacy');
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const answer = useActionData<FormAnswer>();
  // The record's own posts without scripts come back answered; "send me my links" has its form.
  const posted = answer?.status === 'answered' ? (answer.result as SelfServiceAnswer) : undefined;
  // A record's post refused before it was read (too many tries, the database away): the reason.
  const refused =
    answer?.status === 'rejected' && isSelfServiceIntent(answer.reply.initialValue?.[INTENT_FIELD])
      ? answer.message
      : undefined;
  // With a link the server renders the page with the record it read (the loader); without
  // one there is nothing to load.
  const loaded = useLoaderData<SelfServiceAnswer | null>() ?? undefined;
  const [state, setState] = useState<State>(() => firstState(link, posted ?? loaded));
  // The record the server drew is in the page's language: fetched again only in another.
  const drawnIn = useRef<string | null>(loaded && link ? language : null);
  const [busy, setBusy] = useState(false);
  const [actionFailed, setActionFailed] = useState(false);

  useEffect(() => {
    if (posted) return; // the answer to a post is what the page shows
    if (drawnIn.current === language) return;
    drawnIn.current = null;
    if (!link) {
      setState({ kind: 'gone' });
      return;
    }
    let live = true;
    fetchMyData(link, language)
      .then((view) => live && setState({ kind: 'shown', view, editing: false }))
      .catch((error: unknown) => {
        if (live) setState({ kind: error instanceof ApiError && error.status === 404 ? 'gone' : 'error' });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a post's answer is read once, at first render
  }, [link, language]);

  const act = async (run: () => Promise<State>) => {
    setBusy(true);
    setActionFailed(false);
    try {
      setState(await run());
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setState({ kind: 'gone' });
      // Refused with a reason (too many erasures at once): the reason, not "could not reach us".
      else if (
        error instanceof ApiError &&
        error.status === 429 &&
        error.body.message &&
        state.kind === 'shown'
      )
        setState({ ...state, confirm: undefined, done: undefined, refusal: error.body.message });
      else setActionFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const show = (view: SelfServiceView, done?: SelfServiceAnswer['done']): State => ({
    kind: 'shown',
    view,
    editing: false,
    done,
  });
  /** Undoing a cancellation: the record back, or the reason it cannot be (translated key). */
  const restore = async (): Promise<State> => {
    if (state.kind !== 'shown') return state;
    try {
      return show(await restoreMyRegistration(link, language), 'restored');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.body.message)
        return { ...state, confirm: undefined, done: undefined, refusal: error.body.message };
      throw error;
    }
  };

  return (
    <>
      <PageMeta title={t('self.meta.title')} description={t('self.meta.description')} />
      {/* A private page: never in search results. */}
      <meta name="robots" content="noindex" />
      <PageHeader badge={t('self.badge')} title={t('self.title')} lead={t('self.lead')} />
      <Container className="max-w-3xl py-12" aria-live="polite">
        {refused ? (
          <p role="alert" className="mb-6 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {t(refused)}
          </p>
        ) : null}
        {state.kind === 'loading' ? (
          <>
            <Spinner label={t('self.loading')} noScript={t('self.noScriptOpen')} className="py-16 pb-6" />
            {/* Without scripts, the record is one post away (the page's route action shows it). */}
            <form method="post" className="hidden justify-center noscript:flex">
              <input type="hidden" name={INTENT_FIELD} value="open" />
              <Button type="submit" size="lg">
                {t('self.open')}
              </Button>
            </form>
          </>
        ) : null}
        {state.kind === 'gone' ? (
          <div className="space-y-8">
            {/* Without a link: only the way to get one (the privacy notice links here). */}
            {link ? <Notice tone="warn" title={t('self.gone.title')} text={t('self.gone.text')} /> : null}
            <MyLinksForm />
          </div>
        ) : null}
        {state.kind === 'error' ? (
          <Notice tone="warn" title={t('self.error.title')} text={t('self.error.text')} />
        ) : null}
        {state.kind === 'deleted' ? (
          <Notice tone="ok" title={t('self.deleted.title')} text={t('self.deleted.text')} />
        ) : null}
        {state.kind === 'ended' ? (
          <Notice tone="ok" title={t('self.ended.title')} text={t('self.ended.text')} />
        ) : null}
        {state.kind === 'shown' ? (
          <Card>
            <div className="flex items-start gap-3">
              <ShieldCheck aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-forest-600" />
              <div>
                <h2 className="text-xl font-bold sm:text-2xl">{state.view.title}</h2>
                <p className="text-sm text-muted">{t('self.sentAt', { date: state.view.sentAt })}</p>
              </div>
            </div>
            {state.done === 'corrected' ? (
              <p role="status" className="mt-4 rounded-xl bg-forest-50 p-3 font-semibold">
                {t('self.saved')}
              </p>
            ) : null}
            {state.done === 'restored' ? (
              <p role="status" className="mt-4 rounded-xl bg-forest-50 p-3 font-semibold">
                {t('self.restored')}
              </p>
            ) : null}
            {state.view.cancelled ? (
              <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 font-semibold">
                {t(state.done === 'cancelled' ? 'self.cancelledNow' : 'self.cancelled')}{' '}
                {state.view.restorable ? <span className="font-normal">{t('self.undoHint')}</span> : null}
              </p>
            ) : null}
            {state.refusal ? (
              <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
                {t(state.refusal)}
              </p>
            ) : null}
            <div className="mt-6">
              {state.editing ? (
                <CorrectForm
                  view={state.view}
                  link={link}
                  posted={state.view === posted?.view ? posted : undefined}
                  onSaved={(view) => setState(show(view, 'corrected'))}
                  onCancel={() => setState(show(state.view))}
                />
              ) : (
                <Shown view={state.view} />
              )}
            </div>
            {state.editing ? null : (
              <div className="mt-8 flex flex-col gap-3 border-t border-black/10 pt-6 sm:flex-row sm:flex-wrap">
                {state.view.fields.some((field) => field.editable) ? (
                  <IntentButton
                    intent="edit"
                    onPress={() => setState({ ...state, editing: true, done: undefined, refusal: undefined })}
                  >
                    {t('self.correct')}
                  </IntentButton>
                ) : null}
                {state.view.cancellable ? (
                  // Asks first (the place may go to the next in line), with or without scripts.
                  <IntentButton
                    intent="confirmCancel"
                    variant="outline"
                    disabled={busy}
                    onPress={() =>
                      setState({ ...state, confirm: 'cancel', done: undefined, refusal: undefined })
                    }
                  >
                    {t('self.cancel')}
                  </IntentButton>
                ) : null}
                {state.view.restorable ? (
                  <IntentButton
                    intent="restore"
                    variant="outline"
                    disabled={busy}
                    onPress={() => act(restore)}
                  >
                    {t('self.restore')}
                  </IntentButton>
                ) : null}
                <Button asChild variant="outline">
                  {/* A plain link: the browser saves the file the server names (no script needed). */}
                  <a href={myDataFileUrl(link, language)} download title={t('self.downloadHint')}>
                    {t('self.download')}
                  </a>
                </Button>
                <IntentButton
                  intent="end"
                  variant="ghost"
                  disabled={busy}
                  onPress={() => act(async () => (await endMyLink(link, language), { kind: 'ended' }))}
                >
                  {t('self.end')}
                </IntentButton>
                <IntentButton
                  intent="confirmDelete"
                  variant="ghost"
                  className="text-red-800 hover:bg-red-50"
                  disabled={busy}
                  onPress={() =>
                    setState({ ...state, confirm: 'delete', done: undefined, refusal: undefined })
                  }
                >
                  {t('self.delete')}
                </IntentButton>
              </div>
            )}
            {state.confirm === 'cancel' && !state.editing ? (
              <ConfirmPanel
                className="mt-6"
                question={t('self.confirmCancel')}
                confirmLabel={t('self.cancelYes')}
                backLabel={t('self.back')}
                busy={busy}
                post={{ name: INTENT_FIELD, confirm: 'cancel', back: 'open' }}
                onConfirm={() =>
                  act(async () => show(await cancelMyRegistration(link, language), 'cancelled'))
                }
                onBack={() => setState({ ...state, confirm: undefined })}
              />
            ) : null}
            {state.confirm === 'delete' && !state.editing ? (
              <ConfirmPanel
                className="mt-6"
                question={t('self.confirmDelete')}
                confirmLabel={t('self.deleteYes')}
                backLabel={t('self.back')}
                busy={busy}
                post={{ name: INTENT_FIELD, confirm: 'delete', back: 'open' }}
                onConfirm={() => act(async () => (await deleteMyData(link, language), { kind: 'deleted' }))}
                onBack={() => setState({ ...state, confirm: undefined })}
              />
            ) : null}
            {actionFailed ? (
              <p role="alert" className="mt-4 text-sm font-medium text-red-800">
                {t('self.failed')}
              </p>
            ) : null}
          </Card>
        ) : null}
      </Container>
    </>
  );
}

import { CircleCheck, ShieldCheck, TriangleAlert } from '~/platform/ui/icons/icons';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CheckboxField, SubmitButton, TextAreaField, TextField } from '~/platform/forms/fields';
import { ApiError } from '~/platform/http/api';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { PATHS } from '~/platform/paths';
import type { SelfServiceView, SelfServiceViewField } from './self-service';
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
} from './self-service-api';

type State =
  | { kind: 'loading' }
  | { kind: 'gone' }
  | { kind: 'error' }
  | { kind: 'shown'; view: SelfServiceView; editing: boolean; confirmDelete: boolean }
  | { kind: 'deleted' }
  | { kind: 'ended' };

const fieldValue = (field: SelfServiceViewField) =>
  field.editable?.kind === 'checkbox'
    ? field.value === 'true'
    : field.editable?.kind === 'number'
      ? Number(field.value)
      : field.value;

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
            {field.editable?.kind === 'checkbox' ? yesNo(field.value) : field.value || t('self.empty')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CorrectForm({
  view,
  link,
  onSaved,
  onCancel,
}: {
  view: SelfServiceView;
  link: string;
  onSaved: (view: SelfServiceView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('privacy');
  const { language } = useLanguage();
  const editable = view.fields.filter((field) => field.editable);
  const methods = useForm<Record<string, unknown>>({
    defaultValues: Object.fromEntries(editable.map((field) => [field.name, fieldValue(field)])),
  });
  const [failed, setFailed] = useState(false);
  const submit = methods.handleSubmit(async (values) => {
    setFailed(false);
    try {
      onSaved(await correctMyData(link, language, values));
    } catch (error) {
      if (error instanceof ApiError && error.body.fields?.length) {
        for (const field of error.body.fields)
          methods.setError(field.field || 'root', { message: field.message }, { shouldFocus: true });
      } else setFailed(true);
    }
  });
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('self.correct')}>
        {editable.map((field) => {
          const kind = field.editable!.kind;
          const common = {
            name: field.name,
            label: field.editable!.label ?? field.label,
            optional: field.editable!.optional,
            hint: field.editable!.hint,
          };
          if (kind === 'checkbox')
            return (
              <CheckboxField
                key={field.name}
                name={common.name}
                label={common.label}
                optional={common.optional}
              />
            );
          if (kind === 'multiline') return <TextAreaField key={field.name} {...common} rows={2} />;
          return (
            <TextField
              key={field.name}
              {...common}
              type={kind === 'number' ? 'number' : 'text'}
              inputMode={kind === 'number' ? 'numeric' : undefined}
            />
          );
        })}
        {failed ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {t('self.failed')}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            submitting={methods.formState.isSubmitting}
            label={t('self.save')}
            submittingLabel={t('self.saving')}
          />
          <Button type="button" variant="ghost" onClick={onCancel}>
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
  // Without a link there is nothing to load: the server sends this page rendered so
  // (QUERY_VARIANTS), and the one with the spinner when the address has a link.
  const [state, setState] = useState<State>(link ? { kind: 'loading' } : { kind: 'gone' });
  const [busy, setBusy] = useState(false);
  const [actionFailed, setActionFailed] = useState(false);

  useEffect(() => {
    if (!link) {
      setState({ kind: 'gone' });
      return;
    }
    let live = true;
    fetchMyData(link, language)
      .then((view) => live && setState({ kind: 'shown', view, editing: false, confirmDelete: false }))
      .catch((error: unknown) => {
        if (live) setState({ kind: error instanceof ApiError && error.status === 404 ? 'gone' : 'error' });
      });
    return () => {
      live = false;
    };
  }, [link, language]);

  const act = async (run: () => Promise<State>) => {
    setBusy(true);
    setActionFailed(false);
    try {
      setState(await run());
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setState({ kind: 'gone' });
      else setActionFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const show = (view: SelfServiceView): State => ({
    kind: 'shown',
    view,
    editing: false,
    confirmDelete: false,
  });

  return (
    <>
      <PageMeta title={t('self.meta.title')} description={t('self.meta.description')} />
      {/* A private page: never in search results. */}
      <meta name="robots" content="noindex" />
      <PageHeader badge={t('self.badge')} title={t('self.title')} lead={t('self.lead')} />
      <Container className="max-w-3xl py-12" aria-live="polite">
        {state.kind === 'loading' ? (
          <Spinner label={t('self.loading')} noScript={t('self.noScript')} className="py-16" />
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
            {state.view.cancelled ? (
              <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 font-semibold">
                {t('self.cancelled')}
              </p>
            ) : null}
            <div className="mt-6">
              {state.editing ? (
                <CorrectForm
                  view={state.view}
                  link={link}
                  onSaved={(view) => setState(show(view))}
                  onCancel={() => setState(show(state.view))}
                />
              ) : (
                <Shown view={state.view} />
              )}
            </div>
            {state.editing ? null : (
              <div className="mt-8 flex flex-col gap-3 border-t border-black/10 pt-6 sm:flex-row sm:flex-wrap">
                {state.view.fields.some((field) => field.editable) ? (
                  <Button type="button" onClick={() => setState({ ...state, editing: true })}>
                    {t('self.correct')}
                  </Button>
                ) : null}
                {state.view.cancellable ? (
                  <Button
                    type="button"
                    variant="outline"
                    disabled={busy}
                    onClick={() => act(async () => show(await cancelMyRegistration(link, language)))}
                  >
                    {t('self.cancel')}
                  </Button>
                ) : null}
                <Button asChild variant="outline">
                  {/* A plain link: the browser saves the file the server names (no script needed). */}
                  <a href={myDataFileUrl(link, language)} download title={t('self.downloadHint')}>
                    {t('self.download')}
                  </a>
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => act(async () => (await endMyLink(link, language), { kind: 'ended' }))}
                >
                  {t('self.end')}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  className="text-red-800 hover:bg-red-50"
                  disabled={busy}
                  onClick={() => setState({ ...state, confirmDelete: true })}
                >
                  {t('self.delete')}
                </Button>
              </div>
            )}
            {state.confirmDelete && !state.editing ? (
              <ConfirmPanel
                className="mt-6"
                question={t('self.confirmDelete')}
                confirmLabel={t('self.deleteYes')}
                backLabel={t('self.back')}
                busy={busy}
                onConfirm={() => act(async () => (await deleteMyData(link, language), { kind: 'deleted' }))}
                onBack={() => setState({ ...state, confirmDelete: false })}
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

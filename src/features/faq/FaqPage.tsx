import { ChevronDown, Mail, MessageCircle, MessageCircleQuestionMark } from '~/platform/ui/icons/icons';
import type { KeyboardEvent } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useContacts } from '~/platform/content/frame';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { ExternalLink } from '~/platform/ui/ExternalLink';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { IconTile } from '~/platform/ui/IconTile';
import { usePageTexts } from '~/platform/content/PageTexts';

interface QA {
  question: string;
  answer: string;
}

/** Arrow keys, Home and End move between the questions, as they did in the scripted accordion. */
function moveBetweenQuestions(event: KeyboardEvent<HTMLDivElement>) {
  const questions = [...event.currentTarget.querySelectorAll('summary')];
  const at = questions.indexOf(event.target as HTMLElement);
  const targets: Partial<Record<string, number>> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
  const to = targets[event.key];
  if (at === -1 || to === undefined) return;
  event.preventDefault();
  questions[(to + questions.length) % questions.length]?.focus();
}

export function FaqPage() {
  const contacts = useContacts();
  const t = usePageTexts();
  const { t: tc } = useTranslation();
  // The list comes from the current language's pack, so each language has its own questions.
  const items = t.tree<QA[]>('items');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader badge={t('hero.badge')} title={t('title')} lead={t('hero.lead')} />
      <Container className="max-w-3xl py-12 sm:py-16">
        {/* <details> opens without scripts and carries each answer in the HTML (crawlers, a page
            whose scripts have not arrived); one `name` keeps one answer open at a time. */}
        <div className="space-y-3" onKeyDown={moveBetweenQuestions}>
          {items.map((item) => (
            <details
              key={item.question}
              name="faq"
              className="group overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 open:ring-ember-200"
            >
              <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 p-5 text-left hover:bg-ember-50 [&::-webkit-details-marker]:hidden">
                <h2 className="text-lg font-bold">{item.question}</h2>
                <ChevronDown
                  aria-hidden="true"
                  className="h-5 w-5 shrink-0 text-ember-700 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-5 text-muted">{item.answer}</p>
            </details>
          ))}
        </div>

        <section
          aria-labelledby="faq-not-found"
          className="mt-12 flex flex-col items-center gap-4 rounded-3xl bg-sand/70 p-8 text-center"
        >
          <IconTile icon={MessageCircleQuestionMark} size="lg" />
          <h2 id="faq-not-found" className="text-2xl font-extrabold">
            {t('notFound.title')}
          </h2>
          <p className="max-w-xl text-muted">{t('notFound.text')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <a href={contacts.mailtoHref()}>
                <Mail aria-hidden="true" className="h-5 w-5" />
                {t('notFound.email')}
              </a>
            </Button>
            <Button asChild variant="secondary">
              <ExternalLink href={contacts.whatsappHref(tc('common:whatsapp.greeting'))}>
                <MessageCircle aria-hidden="true" className="h-5 w-5" />
                {t('notFound.whatsapp')}
                <span className="sr-only">{tc('common:external.newTab')}</span>
              </ExternalLink>
            </Button>
          </div>
        </section>
      </Container>
    </>
  );
}

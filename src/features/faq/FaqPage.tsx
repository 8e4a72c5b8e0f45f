import { ChevronDown, Mail, MessageCircle, MessageCircleQuestionMark } from '~/platform/ui/icons/icons';
import { Accordion } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useContacts } from '~/platform/content/site-data';
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
        <Accordion.Root type="single" collapsible className="space-y-3">
          {items.map((item, i) => (
            <Accordion.Item
              key={item.question}
              value={`q${i}`}
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 data-[state=open]:ring-ember-200"
            >
              <Accordion.Header asChild>
                <h2>
                  <Accordion.Trigger className="group flex w-full cursor-pointer items-center justify-between gap-4 p-5 text-left text-lg font-bold hover:bg-ember-50">
                    {item.question}
                    <ChevronDown
                      aria-hidden="true"
                      className="h-5 w-5 shrink-0 text-ember-700 transition-transform group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-muted">{item.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>

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

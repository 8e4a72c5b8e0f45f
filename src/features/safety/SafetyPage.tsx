import {
  BriefcaseMedical,
  CircleCheck,
  Flame,
  HeartHandshake,
  Leaf,
  type IconComponent,
  PawPrint,
  Phone,
  ShieldCheck,
  Tent,
  TriangleAlert,
  Wrench,
} from '~/platform/ui/icons/icons';
import { useContacts } from '~/platform/content/frame';
import { Card } from '~/platform/ui/Card';
import { cn } from '~/platform/ui/cn';
import { Container } from '~/platform/ui/Container';
import { IconTile, type IconTone } from '~/platform/ui/IconTile';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { SectionHeading } from '~/platform/ui/SectionHeading';
import { usePageTexts } from '~/platform/content/PageTexts';
import { RichText } from '~/platform/content/RichText';

/** The five rule categories: texts in the `safety` pack, icon and colour here. */
const CATEGORIES: ReadonlyArray<{ id: string; icon: IconComponent; tone: IconTone; accent: string }> = [
  { id: 'fire', icon: Flame, tone: 'ember', accent: 'border-t-ember-500' },
  { id: 'tents', icon: Tent, tone: 'amber', accent: 'border-t-amber-flag' },
  { id: 'environment', icon: Leaf, tone: 'forest', accent: 'border-t-forest-500' },
  { id: 'personal', icon: ShieldCheck, tone: 'red', accent: 'border-t-red-flag' },
  { id: 'pets', icon: PawPrint, tone: 'sky', accent: 'border-t-sky-600' },
];

/** Emergency numbers (UK-wide) plus the organisers' line (content 'contacts'). */
const emergencyContacts = (organisersPhone: string) =>
  [
    { id: 'emergency', number: '999', urgent: true },
    { id: 'police', number: '101', urgent: false },
    { id: 'nhs', number: '111', urgent: false },
    { id: 'organisers', number: organisersPhone, urgent: false },
  ] as const;

const telHref = (number: string) => `tel:${number.replace(/\s+/g, '')}`;

interface Problem {
  problem: string;
  solution: string;
}

export function SafetyPage() {
  const contacts = useContacts();
  const t = usePageTexts();
  const list = (key: string) => t.tree<string[]>(key);

  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader badge={t('badge')} title={t('title')} lead={t('lead')} />

      <Container className="space-y-16 py-12">
        <section
          aria-labelledby="safety-notice"
          className="flex flex-col gap-4 rounded-2xl border-2 border-amber-flag bg-amber-50 p-6 sm:flex-row sm:items-start"
        >
          <IconTile icon={TriangleAlert} tone="amber" />
          <div>
            <h2 id="safety-notice" className="text-xl font-bold">
              {t('notice.title')}
            </h2>
            <RichText blocks={t.rich('notice.text')} className="mt-2 text-ink/85" />
          </div>
        </section>

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card className="p-6 sm:p-8">
            <section aria-labelledby="campsite-rules">
              <div className="flex items-center gap-3">
                <IconTile icon={Tent} tone="forest" />
                <div>
                  <h2 id="campsite-rules" className="text-2xl font-extrabold">
                    {t('campsite.title')}
                  </h2>
                  <p className="text-sm text-muted">{t('campsite.lead')}</p>
                </div>
              </div>
              <ol className="mt-6 space-y-3">
                {list('campsite.rules').map((rule, index) => (
                  <li key={rule} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-forest-600 text-sm font-bold text-white"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-0.5">{rule}</span>
                  </li>
                ))}
              </ol>
            </section>
          </Card>

          <section aria-labelledby="emergency" className="lg:sticky lg:top-24 lg:self-start">
            <div className="rounded-2xl bg-forest-900 p-6 text-white shadow-sm sm:p-8">
              <div className="flex items-center gap-3">
                <IconTile icon={Phone} tone="red" />
                <h2 id="emergency" className="text-2xl font-extrabold">
                  {t('emergency.title')}
                </h2>
              </div>
              <p className="mt-3 text-sm text-white/80">{t('emergency.lead')}</p>
              <ul className="mt-6 space-y-3">
                {emergencyContacts(contacts.phone).map((contact) => (
                  <li key={contact.id}>
                    <a
                      href={telHref(contact.number)}
                      className={cn(
                        'flex gap-4 rounded-xl bg-white/10 p-4 transition-colors hover:bg-white/15',
                        // The organisers' full phone number needs the row to itself.
                        contact.id === 'organisers' ? 'flex-col gap-1' : 'items-center',
                      )}
                    >
                      <span
                        className={cn(
                          'min-w-16 shrink-0 text-center font-black tabular-nums',
                          contact.urgent ? 'text-3xl text-red-300' : 'text-2xl text-amber-flag',
                          contact.id === 'organisers' && 'min-w-0 text-left text-xl',
                        )}
                      >
                        {contact.number}
                      </span>
                      <span className="min-w-0">
                        <span className="block font-bold">
                          {t(`emergency.contacts.${contact.id}.service`)}
                          <span className="sr-only">, {t('emergency.call')}</span>
                        </span>
                        <span className="block text-sm text-white/80">
                          {t(`emergency.contacts.${contact.id}.description`)}
                        </span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        </div>

        <section aria-labelledby="rule-categories">
          <SectionHeading id="rule-categories" title={t('categoriesTitle')} lead={t('categoriesLead')} />
          {/* Five cards: three on the first row and two wider ones on the second (lg). */}
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
            {CATEGORIES.map((category, index) => (
              <li
                key={category.id}
                className={cn(
                  index < 3 ? 'lg:col-span-2' : 'lg:col-span-3',
                  // The odd fifth card fills the row of the two-column (sm) grid.
                  index === CATEGORIES.length - 1 && 'sm:col-span-2 lg:col-span-3',
                )}
              >
                <Card className={cn('h-full border-t-4', category.accent)}>
                  <div className="flex items-center gap-3">
                    <IconTile icon={category.icon} tone={category.tone} />
                    <div>
                      <h3 className="text-lg font-bold">{t(`categories.${category.id}.title`)}</h3>
                      <p className="text-sm text-muted">{t(`categories.${category.id}.subtitle`)}</p>
                    </div>
                  </div>
                  <ul className="mt-5 space-y-2.5 text-sm">
                    {list(`categories.${category.id}.rules`).map((rule) => (
                      <li key={rule} className="flex gap-2">
                        <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-forest-500" />
                        <span>{rule}</span>
                      </li>
                    ))}
                  </ul>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <div className="grid gap-8 lg:grid-cols-2">
          <Card>
            <section aria-labelledby="first-aid">
              <div className="flex items-center gap-3">
                <IconTile icon={BriefcaseMedical} tone="red" />
                <div>
                  <h2 id="first-aid" className="text-xl font-bold">
                    {t('firstAid.title')}
                  </h2>
                  <p className="text-sm text-muted">{t('firstAid.lead')}</p>
                </div>
              </div>
              <ul className="mt-5 grid gap-2 sm:grid-cols-2">
                {list('firstAid.items').map((item) => (
                  <li key={item} className="flex items-start gap-2 rounded-lg bg-cream px-3 py-2 text-sm">
                    <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-ember-600" />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          </Card>
          <Card>
            <section aria-labelledby="common-problems">
              <div className="flex items-center gap-3">
                <IconTile icon={Wrench} tone="forest" />
                <h2 id="common-problems" className="text-xl font-bold">
                  {t('problems.title')}
                </h2>
              </div>
              <dl className="mt-5 space-y-4">
                {t.tree<Problem[]>('problems.items').map((item) => (
                  <div key={item.problem} className="border-l-4 border-ember-200 pl-4">
                    <dt className="font-semibold">{item.problem}</dt>
                    <dd className="mt-1 text-sm text-muted">{item.solution}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </Card>
        </div>

        <section
          aria-labelledby="safety-closing"
          className="rounded-2xl bg-gradient-to-br from-ember-600 to-ember-800 p-8 text-center text-white shadow-sm sm:p-12"
        >
          <HeartHandshake aria-hidden="true" className="mx-auto h-10 w-10 text-amber-flag" />
          <h2 id="safety-closing" className="mt-4 text-2xl font-extrabold sm:text-3xl">
            {t('closing.title')}
          </h2>
          <RichText
            blocks={t.rich('closing.text')}
            className="mx-auto mt-3 max-w-2xl text-white/90 [&_a]:text-white"
          />
        </section>
      </Container>
    </>
  );
}

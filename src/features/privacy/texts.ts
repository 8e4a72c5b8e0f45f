import privacyTextsInitial from '@content/initial/page.privacy.json' with { type: 'json' };
import { richText, slug } from '~/platform/content/fields';
import { definePageTexts, replaceUnchangedTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The registration's purpose as this release writes it. */
function registrationPurpose() {
  const item = privacyTextsInitial.collected.items.find((entry) => entry.id === 'registration');
  return item!.purpose;
}

/**
 * The registration's texts as shape 1 wrote them, before a participant's changes were kept
 * as history and e-mailed (issue 32) and arrivals were recorded (issue 33).
 */
const BEFORE_CHANGE_HISTORY = {
  registrationData: {
    lt: 'Vardas, pavardė, el. paštas, telefonas, kaip dalyvausite, stovyklavimas, grupės dydis (suaugusieji ir vaikai), o jei nurodote – mitybos ir prieinamumo poreikiai bei pastabos.',
    en: 'Name, e-mail, phone, how you will take part, camping, group size (adults and children) and, only if you give them, dietary and accessibility needs and notes.',
  },
  registrationRetention: {
    lt: 'Registracijos kartu su mitybos ir prieinamumo poreikiais – {{period}} po renginio pabaigos.',
    en: 'Registrations, with their dietary and accessibility needs: {{period}} after the event ends.',
  },
  rights: {
    lt: 'Turite teisę susipažinti su savo duomenimis, juos ištaisyti, ištrinti, apriboti ar nesutikti, kad jie būtų tvarkomi, gauti jų kopiją ir bet kada atšaukti savo sutikimą.\n\n- **Patys, iš karto:** registracijos, kontaktų žinutės ar rėmėjo paraiškos patvirtinimo laiške yra asmeninė nuoroda. Ja atsidarę matysite, ką išsaugojome, galėsite tai pataisyti, atšaukti registraciją arba viską ištrinti.\n- **Užsakymai:** kai užsakymas pristatytas arba atšauktas, jo puslapyje (nuoroda užsakymo laiške arba skiltyje „Mano užsakymai“) galite pašalinti iš jo savo asmens duomenis.\n- **Visais kitais atvejais** parašykite mums aukščiau nurodytu adresu – atsakysime per mėnesį.',
    en: 'You have the right to see the data we hold about you, to correct it, to have it deleted, to restrict or object to its use, to get a copy of it, and to withdraw your consent at any time.\n\n- **Yourself, at once:** the confirmation e-mail of your registration, contact message or sponsor application has a private link. It opens a page where you see what we stored, correct it, cancel your registration or delete it all.\n- **Orders:** once an order is delivered or cancelled, its page (the link in your order e-mail, or **My orders**) lets you remove your personal details from it.\n- **For anything else**, write to us at the address above: we answer within one month.',
  },
};

/**
 * The privacy notice (content the organisers edit). The retention lines carry `{{period}}`,
 * filled with the periods of the 'retention' content; who the controller is comes from the
 * 'contacts' content.
 */
export const privacyTexts = definePageTexts(
  'page.privacy',
  privacyTextsInitial,
  [PATHS.privacy],
  {
    'collected.items.id': (meta) => slug(meta),
    'controller.text': richText,
    'recipients.text': richText,
    'rights.text': richText,
    'complaints.text': richText,
    'cookies.text': richText,
  },
  [],
  {
    // Shape 2 (issue 32, 33): what registration keeps (its change history, the arrival at the
    // campsite) and why (the waiting list), where the organisers left the words as they were.
    1: replaceUnchangedTexts([
      [
        {
          lt: 'Savaitgaliui suplanuoti (vietos palapinėms, maistas, pagalbininkai) ir susisiekti su jumis dėl registracijos.',
          en: 'To plan the weekend (pitches, food, helpers) and to contact you about your registration.',
        },
        registrationPurpose(),
      ],
      [BEFORE_CHANGE_HISTORY.registrationData, privacyTextsInitial.collected.items[0]!.data],
      [BEFORE_CHANGE_HISTORY.registrationRetention, privacyTextsInitial.retention.registrations],
      [BEFORE_CHANGE_HISTORY.rights, privacyTextsInitial.rights.text],
    ]),
  },
);

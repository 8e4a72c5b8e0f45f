import type { Page } from '@playwright/test';

// The registration form as a visitor fills it, in either language (forms.spec.ts,
// registration-window.spec.ts).

type Language = 'lt' | 'en';

export const registrationTexts = {
  lt: {
    firstName: 'Vardas',
    lastName: 'Pavardė',
    email: 'El. paštas',
    phone: 'Telefono numeris',
    compete: 'Dalyvausiu kepimo konkurse',
    music: 'Prisidėsiu prie muzikinės programos',
    tent: 'Palapinėje stovyklavietėje',
    adults: 'Suaugusieji (16+)',
    children: 'Vaikai iki 16 m.',
    dietary: 'Alergijos ar mitybos apribojimai',
    rules: /Susipažinau su/,
    dataConsent: /Sutinku, kad organizatoriai naudotų/,
    healthConsent: /Aiškiai sutinku/,
    submit: 'Registruotis',
    submitting: 'Registruojama...',
    successTitle: 'Registracija sėkminga!',
    mailSubject: 'Jūsų registracija gauta',
    back: 'Atgal į pradžią',
    errors: [
      'Vardas turi būti bent 2 simboliai',
      'Pavardė turi būti bent 2 simboliai',
      'Neteisingas el. pašto formatas',
      'Telefono numeris turi būti bent 5 simboliai',
      'Pasirinkite dalyvavimo tipą',
      'Pasirinkite nakvynės variantą',
      'Turite sutikti su taisyklėmis',
      'Pažymėkite, kad sutinkate su duomenų tvarkymu',
      'Nurodykite suaugusiųjų skaičių nuo 1 iki 30',
    ],
    toast: 'Atidaromas el. pašto klientas',
    mailtoSubject: 'Registracija: Rūta Žemaitytė',
    mailtoLines: [
      'Vardas: Rūta',
      'Pavardė: Žemaitytė',
      'Dalyvavimas: Dalyvausiu kepimo konkurse',
      'Papildoma informacija: Nepateikta',
    ],
  },
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    phone: 'Phone number',
    compete: "I'll enter the cooking competition",
    music: "I'll help with the music programme",
    tent: 'In a tent at the campsite',
    adults: 'Adults (16+)',
    children: 'Children under 16',
    dietary: 'Allergies or dietary needs',
    rules: /I have read the/,
    dataConsent: /I agree that the organisers use my details/,
    healthConsent: /I explicitly agree/,
    submit: 'Register',
    submitting: 'Registering...',
    successTitle: 'Registration successful!',
    mailSubject: 'Your registration is in',
    back: 'Back to home',
    errors: [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Invalid email address',
      'Phone number must be at least 5 characters',
      'Choose how you will take part',
      'Choose where you will stay',
      'You must agree to the rules',
      'Please tick that you agree to the processing of your details',
      'Enter the number of adults, from 1 to 30',
    ],
    toast: 'Opening your e-mail client',
    mailtoSubject: 'Registration: Rūta Žemaitytė',
    mailtoLines: [
      'First name: Rūta',
      "Taking part: I'll enter the cooking competition",
      'Anything else: Not provided',
    ],
  },
} as const;

export async function fillRegistration(page: Page, language: Language, email: string) {
  const t = registrationTexts[language];
  await page.getByLabel(t.firstName, { exact: true }).fill('Rūta');
  await page.getByLabel(t.lastName, { exact: true }).fill('Žemaitytė');
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.phone, { exact: true }).fill('+44 7700 900456');
  await page.getByLabel(t.compete, { exact: true }).check();
  await page.getByLabel(t.tent, { exact: true }).check();
  await page.getByLabel(t.adults).fill('2');
  await page.getByLabel(t.children).fill('1');
  await page.getByLabel(t.dietary).fill('Vegetarian, no nuts');
  await page.getByRole('checkbox', { name: t.rules }).check();
  await page.getByRole('checkbox', { name: t.healthConsent }).check();
  await page.getByRole('checkbox', { name: t.dataConsent }).check();
}

/**
 * The demo page's own words in English, German, Dutch and French: labels, hints and the verdict
 * line. The findings and the fit meters are worded by the core's `createMessages`; the 422 body
 * the sandbox answers stays the service's English (spec 7.1).
 *
 * @module
 */
import type { Formatter, Locale } from '../src/forms/index.ts'
import type { AddressField } from './sample-postcard.ts'

/** The texts of the page in one language. */
export interface DemoTexts {
  /** The language's own name, for the switch. */
  readonly name: string
  /** Static texts of index.html, by their `data-text` attribute. */
  readonly page: Readonly<Record<StaticText, string>>
  readonly address: Readonly<Record<AddressField, string>>
  readonly sections: {
    readonly texts: string
    readonly textsHint: string
    readonly qrCodes: string
    readonly qrCodesHint: string
    readonly recipient: string
    readonly sender: string
    readonly addressHint: string
  }
  readonly verdict: {
    readonly accept: string
    readonly refuse: string
    /** The 422's message (`The given data was invalid.`) for people. */
    readonly invalid: string
    readonly notFound: string
    readonly paused: string
    readonly queued: string
    readonly warnings: (count: number, format: Formatter) => string
    readonly unchecked: string
  }
  readonly flow: {
    readonly unknown: string
    readonly paused: (account: string) => string
    readonly active: (account: string, batch: string) => string
  }
  readonly design: (size: string, texts: number, qrFields: number, format: Formatter) => string
  readonly timing: (ms: string) => string
}

/** The texts of index.html that change with the language. */
export type StaticText =
  | 'tagline'
  | 'skip'
  | 'language'
  | 'designAndFlow'
  | 'design'
  | 'flow'
  | 'token'
  | 'tokenHint'
  | 'loading'
  | 'front'
  | 'back'
  | 'guides'

const en: DemoTexts = {
  name: 'English',
  page: {
    tagline:
      'Type a postcard and see what the Direct-Mail API v1 will say about it, before you send it.',
    skip: 'Skip to the form',
    language: 'Language',
    designAndFlow: 'Design and flow',
    design: 'Design',
    flow: 'Flow',
    token: 'Token',
    tokenHint: 'A test token records the postcard without mailing it (spec 5).',
    loading: 'Loading fonts…',
    front: 'Front',
    back: 'Back',
    guides: 'Show bleed and a 3 mm safe zone',
  },
  address: {
    company: 'Company',
    first_name: 'First name',
    last_name: 'Last name',
    address_line1: 'Street and number',
    address_line2: 'Address line 2',
    zip: 'ZIP code',
    city: 'City',
    country: 'Country',
  },
  sections: {
    texts: 'Texts',
    textsHint:
      'Markdown: **bold**, *italic*, - bullet lists, 1. numbered lists, blank lines between paragraphs.',
    qrCodes: 'QR codes',
    qrCodesHint: 'The complete http(s) URL each code opens.',
    recipient: 'Recipient',
    sender: 'Sender',
    addressHint: 'Fields marked * are required (spec 2.3).',
  },
  verdict: {
    accept: 'The API would accept this postcard',
    refuse: 'The API would answer 422',
    invalid: 'The given data was invalid.',
    notFound: 'The sandbox knows no flow with this id: it would answer 404.',
    paused: '202 accepted: the flow is paused.',
    queued: '201 queued for the next batch.',
    warnings: (count, format) =>
      ` ${format.number(count)} ${count === 1 ? 'warning does' : 'warnings do'} not block sending.`,
    unchecked: 'This design cannot be checked',
  },
  flow: {
    unknown: 'Not a flow of the sandbox config: the sandbox answers 404.',
    paused: (account) => `Flow of account ${account}, paused: the sandbox answers 202 accepted.`,
    active: (account, batch) =>
      `Flow of account ${account}, active (batches ${batch}): the sandbox answers 201 queued.`,
  },
  design: (size, texts, qrFields) =>
    `${size}, ${texts} ${texts === 1 ? 'text' : 'texts'}, ${qrFields} QR ${qrFields === 1 ? 'field' : 'fields'}.`,
  timing: (ms) => `Checked and drawn in ${ms} ms`,
}

const de: DemoTexts = {
  name: 'Deutsch',
  page: {
    tagline:
      'Schreiben Sie eine Postkarte und sehen Sie vor dem Senden, was die Direct-Mail API v1 dazu sagen wird.',
    skip: 'Zum Formular springen',
    language: 'Sprache',
    designAndFlow: 'Design und Flow',
    design: 'Design',
    flow: 'Flow',
    token: 'Token',
    tokenHint: 'Ein Test-Token erfasst die Postkarte, ohne sie zu versenden (Spec 5).',
    loading: 'Schriften werden geladen…',
    front: 'Vorderseite',
    back: 'Rückseite',
    guides: 'Beschnitt und 3 mm Sicherheitsabstand zeigen',
  },
  address: {
    company: 'Firma',
    first_name: 'Vorname',
    last_name: 'Nachname',
    address_line1: 'Straße und Hausnummer',
    address_line2: 'Adresszusatz',
    zip: 'Postleitzahl',
    city: 'Ort',
    country: 'Land',
  },
  sections: {
    texts: 'Texte',
    textsHint:
      'Markdown: **fett**, *kursiv*, - Aufzählungen, 1. nummerierte Listen, Leerzeilen zwischen Absätzen.',
    qrCodes: 'QR-Codes',
    qrCodesHint: 'Die vollständige http(s)-URL, die jeder Code öffnet.',
    recipient: 'Empfänger',
    sender: 'Absender',
    addressHint: 'Mit * markierte Felder sind Pflichtfelder (Spec 2.3).',
  },
  verdict: {
    accept: 'Die API würde diese Postkarte annehmen',
    refuse: 'Die API würde mit 422 antworten',
    invalid: 'Die Angaben sind ungültig.',
    notFound: 'Die Sandbox kennt keinen Flow mit dieser ID: Sie würde mit 404 antworten.',
    paused: '202 angenommen: Der Flow ist pausiert.',
    queued: '201 für den nächsten Versand eingereiht.',
    warnings: (count, format) =>
      ` ${format.number(count)} ${count === 1 ? 'Warnung verhindert' : 'Warnungen verhindern'} das Senden nicht.`,
    unchecked: 'Dieses Design kann nicht geprüft werden',
  },
  flow: {
    unknown: 'Kein Flow der Sandbox-Konfiguration: Die Sandbox antwortet mit 404.',
    paused: (account) =>
      `Flow des Kontos ${account}, pausiert: Die Sandbox antwortet mit 202 angenommen.`,
    active: (account, batch) =>
      `Flow des Kontos ${account}, aktiv (Versand ${batch}): Die Sandbox antwortet mit 201 eingereiht.`,
  },
  design: (size, texts, qrFields, format) =>
    `${size}, ${format.count(texts, 'Text', 'Texte')}, ${format.count(qrFields, 'QR-Feld', 'QR-Felder')}.`,
  timing: (ms) => `Geprüft und gezeichnet in ${ms} ms`,
}

const nl: DemoTexts = {
  name: 'Nederlands',
  page: {
    tagline:
      'Typ een ansichtkaart en zie vóór het versturen wat de Direct-Mail API v1 ervan zal zeggen.',
    skip: 'Naar het formulier',
    language: 'Taal',
    designAndFlow: 'Ontwerp en flow',
    design: 'Ontwerp',
    flow: 'Flow',
    token: 'Token',
    tokenHint: 'Een testtoken registreert de kaart zonder hem te versturen (spec 5).',
    loading: 'Lettertypen laden…',
    front: 'Voorkant',
    back: 'Achterkant',
    guides: 'Afloop en 3 mm veilige zone tonen',
  },
  address: {
    company: 'Bedrijf',
    first_name: 'Voornaam',
    last_name: 'Achternaam',
    address_line1: 'Straat en huisnummer',
    address_line2: 'Adresregel 2',
    zip: 'Postcode',
    city: 'Plaats',
    country: 'Land',
  },
  sections: {
    texts: 'Teksten',
    textsHint:
      'Markdown: **vet**, *cursief*, - opsommingen, 1. genummerde lijsten, lege regels tussen alinea’s.',
    qrCodes: 'QR-codes',
    qrCodesHint: 'De volledige http(s)-URL die elke code opent.',
    recipient: 'Ontvanger',
    sender: 'Afzender',
    addressHint: 'Velden met * zijn verplicht (spec 2.3).',
  },
  verdict: {
    accept: 'De API zou deze kaart aannemen',
    refuse: 'De API zou met 422 antwoorden',
    invalid: 'De gegevens zijn ongeldig.',
    notFound: 'De sandbox kent geen flow met deze id: hij zou met 404 antwoorden.',
    paused: '202 aangenomen: de flow is gepauzeerd.',
    queued: '201 ingepland voor de volgende batch.',
    warnings: (count, format) =>
      ` ${format.number(count)} ${count === 1 ? 'waarschuwing houdt' : 'waarschuwingen houden'} het versturen niet tegen.`,
    unchecked: 'Dit ontwerp kan niet worden gecontroleerd',
  },
  flow: {
    unknown: 'Geen flow van de sandboxconfiguratie: de sandbox antwoordt met 404.',
    paused: (account) =>
      `Flow van account ${account}, gepauzeerd: de sandbox antwoordt met 202 aangenomen.`,
    active: (account, batch) =>
      `Flow van account ${account}, actief (batches ${batch}): de sandbox antwoordt met 201 ingepland.`,
  },
  design: (size, texts, qrFields, format) =>
    `${size}, ${format.count(texts, 'tekst', 'teksten')}, ${format.count(qrFields, 'QR-veld', 'QR-velden')}.`,
  timing: (ms) => `Gecontroleerd en getekend in ${ms} ms`,
}

const fr: DemoTexts = {
  name: 'Français',
  page: {
    tagline:
      'Rédigez une carte postale et voyez, avant de l’envoyer, ce que l’API Direct-Mail v1 en dira.',
    skip: 'Aller au formulaire',
    language: 'Langue',
    designAndFlow: 'Maquette et flux',
    design: 'Maquette',
    flow: 'Flux',
    token: 'Jeton',
    tokenHint: 'Un jeton de test enregistre la carte sans l’envoyer (spec 5).',
    loading: 'Chargement des polices…',
    front: 'Recto',
    back: 'Verso',
    guides: 'Afficher le fond perdu et une marge de sécurité de 3 mm',
  },
  address: {
    company: 'Société',
    first_name: 'Prénom',
    last_name: 'Nom',
    address_line1: 'Numéro et rue',
    address_line2: 'Complément d’adresse',
    zip: 'Code postal',
    city: 'Ville',
    country: 'Pays',
  },
  sections: {
    texts: 'Textes',
    textsHint:
      'Markdown : **gras**, *italique*, - listes à puces, 1. listes numérotées, lignes vides entre les paragraphes.',
    qrCodes: 'Codes QR',
    qrCodesHint: 'L’URL http(s) complète qu’ouvre chaque code.',
    recipient: 'Destinataire',
    sender: 'Expéditeur',
    addressHint: 'Les champs marqués * sont obligatoires (spec 2.3).',
  },
  verdict: {
    accept: 'L’API accepterait cette carte',
    refuse: 'L’API répondrait 422',
    invalid: 'Les données fournies ne sont pas valides.',
    notFound: 'La sandbox ne connaît aucun flux avec cet identifiant : elle répondrait 404.',
    paused: '202 acceptée : le flux est en pause.',
    queued: '201 en file pour le prochain envoi.',
    warnings: (count, format) =>
      ` ${format.number(count)} ${count === 1 ? 'avertissement n’empêche' : 'avertissements n’empêchent'} pas l’envoi.`,
    unchecked: 'Cette maquette ne peut pas être vérifiée',
  },
  flow: {
    unknown: 'Pas un flux de la configuration de la sandbox : elle répond 404.',
    paused: (account) => `Flux du compte ${account}, en pause : la sandbox répond 202 acceptée.`,
    active: (account, batch) =>
      `Flux du compte ${account}, actif (envois ${batch}) : la sandbox répond 201 en file.`,
  },
  design: (size, texts, qrFields, format) =>
    `${size}, ${format.count(texts, 'texte', 'textes')}, ${format.count(qrFields, 'champ QR', 'champs QR')}.`,
  timing: (ms) => `Vérifié et dessiné en ${ms} ms`,
}

/** The page's texts by language. */
export const DEMO_TEXTS: Readonly<Record<Locale, DemoTexts>> = { en, de, nl, fr }

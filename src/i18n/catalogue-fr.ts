/**
 * French (Switzerland: spec 1's destinations), addressed with "vous". Field errors follow the
 * French lines of Laravel's validation messages; findings that explain a value say what is
 * unexpected and what is expected. French typography: a no-break space (U+00A0) before a colon
 * (`COLON`).
 *
 * @module
 */
import { shorten } from '../verdict/shorten.ts'
import { countryName } from '../address/country-table.ts'
import type { Catalogue } from './catalogue.ts'
import {
  addressPart,
  constructName,
  qrFitEntry,
  zipFormat,
  zipRange,
  suggestionOf,
  urlEntry,
  type UrlPhrases,
} from './finding-parts.ts'

/** ` :` with a no-break space, as French sets a colon. */
const COLON = '\u00a0:'

/** Markdown constructs (spec 2.5) by their English names. */
const CONSTRUCTS: Readonly<Record<string, string>> = {
  'nested list': 'liste imbriquée',
  'HTML block': 'bloc HTML',
  'inline HTML': 'HTML en ligne',
  autolink: 'lien automatique',
  link: 'lien',
  'link reference': 'référence de lien',
  'link reference definition': 'définition de référence de lien',
  image: 'image',
  'image reference': 'référence d’image',
  'inline code': 'code en ligne',
  'fenced code block': 'bloc de code délimité',
  'indented code block': 'bloc de code indenté',
  heading: 'titre',
  'underlined heading': 'titre souligné',
  'block quote': 'citation',
  'thematic break': 'ligne de séparation',
  table: 'tableau',
}

/** The destinations the spec states (spec 1), as the sentences name them. */
const COUNTRIES = {
  DE: { name: 'l’Allemagne' },
  AT: { name: 'l’Autriche' },
  CH: { name: 'la Suisse' },
  NL: { name: 'les Pays-Bas' },
} as const

/** The part after the city an address lacks (`address-part-missing`): alone and with `de`. */
const PARTS: Readonly<Record<string, { readonly name: string; readonly of: string }>> = {
  state: { name: 'État', of: 'de l’État' },
  province: { name: 'province', of: 'de la province' },
}

const URL_PHRASES: UrlPhrases = {
  whitespace: ({ value }) => `Espaces inattendus autour de ${value()}`,
  'control-character': ({ value, control }) => {
    const { name, codePoint } = control()
    const what =
      name === 'line-break'
        ? 'Saut de ligne inattendu'
        : name === 'tab'
          ? 'Tabulation inattendue'
          : `Caractère de contrôle \`${codePoint}\` inattendu`
    return `${what} dans ${value()}`
  },
  empty: () => 'Valeur vide inattendue',
  'bare-code': ({ value }) => `Valeur ${value()} inattendue`,
  fragment: ({ value }) => `Fragment ${value()} inattendu`,
  'relative-url': ({ value }) => `URL relative ${value()} inattendue`,
  'scheme-relative-url': ({ value }) => `URL relative au schéma ${value()} inattendue`,
  'missing-scheme': ({ value }) => `Adresse ${value()} inattendue sans schéma`,
  'unsupported-scheme': ({ value, scheme }) => `Schéma ${scheme()} inattendu dans ${value()}`,
  'missing-slashes': ({ value }) => `Adresse ${value()} inattendue sans \`//\` après le schéma`,
  'missing-host': ({ value }) => `Adresse ${value()} inattendue sans hôte`,
  'invalid-host': ({ value, host }) => `Hôte ${host()} inattendu dans ${value()}`,
  'invalid-port': ({ value, port }) => `Port ${port()} inattendu dans ${value()}`,
}

/** The French catalogue. */
export const fr: Catalogue = {
  errors: {
    required: ({ path }) => `Le champ ${path} est obligatoire.`,
    string: ({ path }) => `Le champ ${path} doit être une chaîne de caractères.`,
    array: ({ path }) => `Le champ ${path} doit être un tableau.`,
    boolean: ({ path }) => `Le champ ${path} doit être true ou false.`,
    invalid: ({ path }) => `Le champ ${path} n’est pas valide.`,
    in: ({ path }) => `La valeur choisie pour ${path} n’est pas valide.`,
    uuid: ({ path }) => `Le champ ${path} doit être un UUID valide.`,
    'date-format': ({ path }, data) =>
      `Le champ ${path} doit respecter le format ${data.string('format')}.`,
    email: ({ path }) => `Le champ ${path} doit être une adresse e-mail valide.`,
    prohibited: ({ path }) => `Le champ ${path} n’est pas autorisé.`,
    'max-length': ({ path }, data, format) =>
      `Le champ ${path} ne doit pas dépasser ${format.count(data.number('max'), 'caractère', 'caractères')}.`,
    'max-items': ({ path }, data, format) =>
      `Le champ ${path} ne doit pas contenir plus de ${format.count(data.number('max'), 'élément', 'éléments')}.`,
    'max-total-length': ({ path }, data, format) =>
      `Le champ ${path} ne doit pas dépasser ${format.count(data.number('max'), 'caractère', 'caractères')} au total.`,
    'url-kind-qr': ({ path }, data, format) => {
      const label = data.optionalString('label')
      if (label !== undefined) {
        return `Le champ ${path} n’est pas autorisé${COLON} \`${label}\` est un code QR de type URL, sa cible est enregistrée dans le design.`
      }
      const labels = format.or(data.strings('labels').map((item) => `\`${item}\``))
      return `Le champ ${path} n’est pas autorisé${COLON} les codes QR du design (${labels}) sont de type URL, leurs cibles sont enregistrées dans le design.`
    },
    'online-shop-source': ({ path }, data, format) =>
      `Source de boutique en ligne \`${data.string('source')}\` inattendue pour ${path}, ${format.or(data.strings('allowed').map((item) => `\`${item}\``))} attendu${COLON} les segments des plateformes de boutique en ligne ne sont pas pris en charge.`,
    markdown: (_, data) => {
      const at = `${data.number('line')}:${data.number('column')}`
      if (data.string('violation') === 'placeholder') {
        return `Champ de fusion \`${data.string('placeholder')}\` inattendu en ${at}, le texte final est attendu${COLON} les champs de fusion ne sont pas remplis, envoyez plutôt la valeur du destinataire.`
      }
      return `Élément inattendu en ${at} (${constructName(data, CONSTRUCTS)}), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.`
    },
    fit: (_, data, format) => {
      const action = suggestionOf(data, format, ({ characters, lines, fontSize }) => {
        let sentence = `Raccourcissez le texte d’au moins ${format.count(characters, 'caractère', 'caractères')}`
        if (lines > 0) sentence += ` (${format.count(lines, 'ligne', 'lignes')})`
        if (fontSize !== undefined) sentence += ` ou réduisez la taille de police à ${fontSize}`
        return `${sentence}.`
      })
      return `Hauteur de texte inattendue de ${format.mm(data.number('measured_height_mm'))} dans la zone \`${data.string('label')}\`, au plus ${format.mm(data.number('available_height_mm'))} attendus. ${action}`
    },
    url: urlEntry(
      URL_PHRASES,
      (example) => `une URL http(s) complète est attendue, par exemple ${example}.`
    ),
    'qr-fit': qrFitEntry({
      'shorten-or-enlarge': (p, format) =>
        `URL de ${format.count(p.length, 'caractère', 'caractères')} inattendue, au plus ${format.count(p.maxLength, 'caractère', 'caractères')} attendus pour la zone QR de ${p.size} avec la correction d’erreur ${p.level}${COLON} raccourcissez l’URL ou agrandissez la zone à ${p.enlarge}.`,
      shorten: (p, format) =>
        `URL de ${format.count(p.length, 'caractère', 'caractères')} inattendue, au plus ${format.count(p.maxLength, 'caractère', 'caractères')} attendus pour la zone QR de ${p.size} avec la correction d’erreur ${p.level}${COLON} raccourcissez l’URL (aucun code QR ne contient plus de ${format.count(p.largestLength, 'caractère', 'caractères')}).`,
      enlarge: (p, format) =>
        `Zone QR de ${p.size} inattendue, au moins ${p.enlarge} attendus pour cette URL de ${format.count(p.length, 'caractère', 'caractères')} avec des modules de ${p.module}${COLON} agrandissez la zone.`,
      'enlarge-and-shorten': (p, format) =>
        `Zone QR de ${p.size} inattendue, au moins ${p.smallest} attendus pour tout code QR avec des modules de ${p.module}${COLON} agrandissez la zone à ${p.largest} et raccourcissez l’URL à au plus ${format.count(p.largestLength, 'caractère', 'caractères')}.`,
    }),
  },
  warnings: {
    'emoji-not-in-set': ({ path }, data) =>
      `Emoji \`${data.string('grapheme')}\` (${data.strings('code_points').join(' ')}, Emoji ${data.string('emoji_version')}) inattendu dans ${path}, un emoji du jeu fixé (Emoji ${data.string('pinned_version')}) est attendu${COLON} l’aperçu l’affiche comme manquant et, à l’impression, ce destinataire est ignoré.`,
    'missing-glyph': ({ path }, data) =>
      `Caractère \`${data.string('character')}\` (${data.string('code_point')}) inattendu dans ${path}, un caractère que la police \`${data.string('font')}\` sait dessiner est attendu${COLON} il s’imprimerait comme une case vide.`,
    'emphasis-not-resolved': ({ path }, data, format) =>
      `Trop de marques de gras et d’italique (${format.number(data.number('runs'))}) dans ${path}, beaucoup moins sont attendues${COLON} la place occupée est mesurée avec \`*\` et \`_\` comme caractères ordinaires.`,
    'emoji-artwork-missing': (_, data) =>
      `Emoji \`${data.string('grapheme')}\` inattendu sans illustration, une illustration est attendue pour la clé \`${data.string('key')}\` dans \`emojiArtwork\`${COLON} chargez les clés de \`previewEmojiKeys\`.`,
    'zip-format': (_, data, format) => {
      const { country, examples } = zipFormat(data, 'fr')
      return `Code postal \`${shorten(data.string('zip'))}\` inattendu (${country}), un code postal comme ${format.or(examples)} est attendu.`
    },
    'country-on-request': (_, data, format) =>
      `Pays \`${shorten(data.string('country'))}\` inattendu, destinations prévues${COLON} ${format.or(Object.values(COUNTRIES).map((country) => country.name))}\u00a0; les autres destinations sont disponibles sur demande uniquement.`,
    'unknown-field': (_, data) => {
      const field = shorten(data.string('field'))
      const expected = data.optionalString('expected')
      return expected === undefined
        ? `Champ \`${field}\` inattendu${COLON} le service l’ignore.`
        : `Champ \`${field}\` inattendu, \`${expected}\` attendu${COLON} le service l’ignore.`
    },
    'payment-method-unknown': (_, data) =>
      `Mode de paiement \`${shorten(data.string('paymentMethod'))}\` inattendu, \`rechnung\` attendu${COLON} la seule valeur documentée par la spécification.`,
    'invoice-email-missing': () =>
      `Mode de paiement \`rechnung\` inattendu sans \`billing.invoiceEmail\`, l’adresse e-mail à laquelle la facture est envoyée est attendue.`,
    'zip-range': (_, data, format) => {
      const { country, lowest, highest, excludedLetters } = zipRange(data, 'fr')
      let range = highest === undefined ? `à partir de ${lowest}` : `de ${lowest} à ${highest}`
      if (excludedLetters.length > 0) range += `, sans les lettres ${format.and(excludedLetters)},`
      return `Code postal \`${shorten(data.string('zip'))}\` inattendu (${country}), un code postal ${range} est attendu.`
    },
    'zip-state-mismatch': (_, data) => {
      const state = data.string('state')
      return `Code postal \`${shorten(data.string('zip'))}\` inattendu pour ${state}, un code postal de ${state} est attendu${COLON} le code postal ou l’État après la ville est erroné.`
    },
    'country-unrecognized': (_, data) =>
      `Pays \`${shorten(data.string('country'))}\` inattendu, un code ISO 3166 comme \`DE\` ou le nom du pays en anglais, allemand, néerlandais ou français est attendu.`,
    'country-not-served': (_, data, format) =>
      `Pays \`${shorten(data.string('country'))}\` inattendu (${countryName(data.string('code'), 'fr')}), destinations prévues${COLON} ${format.or(Object.values(COUNTRIES).map((country) => country.name))}\u00a0; sur demande aussi un autre pays de l’UE, le Royaume-Uni ou les États-Unis.`,
    'address-part-missing': (_, data) => {
      const part = addressPart(PARTS, data)
      return `Ville \`${shorten(data.string('city'))}\` inattendue sans ${part.name}, le code ${part.of} est attendu après la ville (${countryName(data.string('country'), 'fr')}), par exemple \`${shorten(data.string('example'))}\`.`
    },
    'address-lines-overflow': (_, data, format) =>
      `Trop de lignes d’adresse (${format.number(data.number('line_count'))})${COLON} la zone d’adresse ne contient que ${format.count(data.number('capacity'), 'ligne', 'lignes')} de ${format.pt(data.number('font_size_pt'))}, il manque ${format.mm(data.number('overflow_mm'))}. Raccourcissez l’adresse ou agrandissez la zone.`,
    'address-line-too-wide': (_, data, format) => {
      const overflow = data.number('overflow_mm')
      const by = overflow > 0 ? format.mm(overflow) : `moins de ${format.mm(0.01)}`
      return `Ligne d’adresse \`${shorten(data.string('line'))}\` inattendue (plus large que la zone de ${by}), au plus ${format.mm(data.number('available_width_mm'))} attendus en ${data.string('font_family')} ${format.pt(data.number('font_size_pt'))}${COLON} raccourcissez la ligne ou agrandissez la zone.`
    },
    'address-font-small': (_, data, format) =>
      `Taille de police de ${format.pt(data.number('font_size_pt'))} inattendue pour l’adresse, au moins ${format.pt(data.number('minimum_font_size_pt'))} attendus en ${data.string('font_family')}${COLON} les machines de tri lisent les capitales à partir de ${format.mm(data.number('minimum_cap_height_mm'))} de haut, celles-ci mesurent ${format.mm(data.number('cap_height_mm'))}.`,
  },
  fit: {
    left: (space) => `encore ${space} libres`,
    overflows: (overflow) => `dépasse de ${overflow}`,
    tooWide: (overflow) => `trop large de ${overflow}`,
    cut: (characters, format) =>
      `${COLON} retirer ${format.count(characters, 'caractère', 'caractères')}`,
    detail: (measurement, format) =>
      `${format.number(measurement.measured_height_mm)} sur ${format.mm(measurement.available_height_mm)} utilisés, ${format.count(measurement.line_count, 'ligne', 'lignes')}`,
  },
}

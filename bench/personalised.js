// What a campaign sends: one postcard per recipient, each with its own name, order number,
// street, coupon code and coupon URL, so that no Markdown text, no QR URL and no address line
// repeats from one call to the next (a benchmark that sends one body over and over measures
// caches, not the work). Shared by validate.bench.js, preview.bench.js and server.bench.js.

const FIRST_NAMES = [
  'Anna',
  'Erika',
  'Jürgen',
  'Zoë',
  'Mehmet',
  'Łukasz',
  'Sophie',
  'Ólafur',
  'Chloé',
  'Björn',
  'Noah',
  'Émile',
  'Aylin',
  'Søren',
  'Marta',
  'Joël',
  'Ines',
  'Kristóf',
  'Lea',
  'Dragoș',
]
const LAST_NAMES = [
  'de Vries',
  'Mustermann',
  'Öztürk',
  'Nowak',
  'Dupont',
  'Jansen',
  'Müller',
  'García',
  'Lindqvist',
  'Kovács',
  'Rossi',
  'Van den Berg',
  'Schäfer',
  'Dąbrowska',
  'Fernández',
]
const STREETS = [
  'Heidestraße',
  'Prinsengracht',
  'Rue de Rivoli',
  'Gartenweg',
  'Hauptstraße',
  'Kastanienallee',
  'Kerkstraat',
  'Via Roma',
  'Bahnhofstraße',
  'Lange Voorhout',
  'Am Markt',
  'Quai Saint-Michel',
]
const CITIES = [
  ['10115', 'Berlin'],
  ['50667', 'Köln'],
  ['80331', 'München'],
  ['20095', 'Hamburg'],
  ['04109', 'Leipzig'],
  ['01067', 'Dresden'],
  ['70173', 'Stuttgart'],
  ['60311', 'Frankfurt am Main'],
]
const GREETINGS = ['Liebe', 'Hallo', 'Guten Tag', 'Moin']
const OFFERS = [
  '20 % auf *alle* Tulpen',
  'gratis Versand bis **Sonntag**',
  'ein *Überraschungsgeschenk* zu jeder Bestellung',
  '**doppelte** Treuepunkte im Mai',
]

/**
 * A text as a request brings it: flat, as `JSON.parse` gives it (and a form's input value).
 * Built here by `+` and template literals, it would be a rope that the library's first read
 * flattens, a cost no real body has (about 4-6 µs of a unique `validatePostcard`).
 *
 * @param {string} text The text.
 */
const received = (text) => JSON.parse(JSON.stringify(text))

/**
 * The personalised parts of recipient number `index` (0, 1, 2 …): every call a new order
 * number, coupon code and house number; names, streets and offers cycle at different periods.
 *
 * @param {number} index Recipient number.
 */
export function recipient(index) {
  const first = FIRST_NAMES[index % FIRST_NAMES.length]
  const last = LAST_NAMES[(index * 7) % LAST_NAMES.length]
  const [zip, city] = CITIES[(index * 5) % CITIES.length]
  const order = 470_000 + index
  const coupon = `SPRING-${(index * 7919) % 1_000_000}`.padEnd(13, 'X')
  return {
    first,
    last,
    order,
    coupon,
    greeting: received(
      `${GREETINGS[index % GREETINGS.length]} **${first}**,\ndanke für Ihren Einkauf Nr. ${order}!`
    ),
    body: received(
      `Hallo ${first} ${last},\n\n` +
        `schön, dass Sie seit **${2 + (index % 9)} Jahren** bei uns sind. Diesen Frühling für Sie:\n\n` +
        `- ${OFFERS[index % OFFERS.length]}\n` +
        `- ${OFFERS[(index + 1) % OFFERS.length]}\n` +
        `- Ihr Gutschein: **${coupon}**\n\n` +
        `Bis bald,\nIhr Bloom & Co. Team`
    ),
    url: received(
      `https://bloom.example/c/${coupon}?r=${encodeURIComponent(first.toLowerCase())}-${order}`
    ),
    to: {
      first_name: first,
      last_name: last,
      address_line1: received(`${STREETS[index % STREETS.length]} ${1 + ((index * 13) % 211)}`),
      zip,
      city,
      country: 'DE',
    },
  }
}

/**
 * A copy of `base` (a valid A6 postcard with the Markdown areas `greeting` and `body` and the
 * QR field `coupon_url`) personalised for recipient number `index`.
 *
 * @param {object} base The template body.
 * @param {number} index Recipient number.
 */
export function personalisedPostcard(base, index) {
  const person = recipient(index)
  return {
    ...base,
    to: { ...base.to, ...person.to },
    content: { ...base.content, greeting: person.greeting, body: person.body },
    qr_codes: { ...base.qr_codes, coupon_url: person.url },
  }
}

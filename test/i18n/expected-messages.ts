/**
 * The messages of every finding of the corpus (`finding-corpus.ts`) in German, Dutch and French,
 * word for word. English is the finding's own message (asserted separately).
 */

/** Messages by corpus name. */
export const EXPECTED_MESSAGES: Readonly<Record<string, { de: string; nl: string; fr: string }>> = {
  'required (missing flow_id, flow_id)': {
    de: 'Das Feld flow_id ist erforderlich.',
    nl: 'Het veld flow_id is verplicht.',
    fr: 'Le champ flow_id est obligatoire.',
  },
  'uuid (flow_id, flow_id)': {
    de: 'Das Feld flow_id muss eine gültige UUID sein.',
    nl: 'Het veld flow_id moet een geldige UUID zijn.',
    fr: 'Le champ flow_id doit être un UUID valide.',
  },
  'array (to, to)': {
    de: 'Das Feld to muss ein Array sein.',
    nl: 'Het veld to moet een array zijn.',
    fr: 'Le champ to doit être un tableau.',
  },
  'string (to.city, to.first_name)': {
    de: 'Das Feld to.first_name muss eine Zeichenkette sein.',
    nl: 'Het veld to.first_name moet een tekenreeks zijn.',
    fr: 'Le champ to.first_name doit être une chaîne de caractères.',
  },
  'prohibited (unknown content key, content.body)': {
    de: 'Das Feld content.body ist nicht erlaubt.',
    nl: 'Het veld content.body is niet toegestaan.',
    fr: 'Le champ content.body n’est pas autorisé.',
  },
  'max-length (over-long text, content.greeting)': {
    de: 'Das Feld content.greeting darf höchstens 8000 Zeichen lang sein.',
    nl: 'Het veld content.greeting mag niet meer dan 8000 tekens bevatten.',
    fr: 'Le champ content.greeting ne doit pas dépasser 8000 caractères.',
  },
  'max-items (eleven keys, too long together, content)': {
    de: 'Das Feld content darf höchstens 10 Einträge haben.',
    nl: 'Het veld content mag niet meer dan 10 items bevatten.',
    fr: 'Le champ content ne doit pas contenir plus de 10 éléments.',
  },
  'max-total-length (eleven keys, too long together, content)': {
    de: 'Das Feld content darf insgesamt höchstens 20.000 Zeichen lang sein.',
    nl: 'Het veld content mag in totaal niet meer dan 20.000 tekens bevatten.',
    fr: 'Le champ content ne doit pas dépasser 20\u202f000 caractères au total.',
  },
  'required (eleven keys, too long together, content.greeting)': {
    de: 'Das Feld content.greeting ist erforderlich.',
    nl: 'Het veld content.greeting is verplicht.',
    fr: 'Le champ content.greeting est obligatoire.',
  },
  'prohibited (eleven keys, too long together, content.k0)': {
    de: 'Das Feld content.k0 ist nicht erlaubt.',
    nl: 'Het veld content.k0 is niet toegestaan.',
    fr: 'Le champ content.k0 n’est pas autorisé.',
  },
  'url-kind-qr (url-kind key, qr_codes.website)': {
    de: 'Das Feld qr_codes.website ist nicht erlaubt: `Website` ist ein QR-Code vom Typ URL, sein Ziel ist im Design gespeichert.',
    nl: 'Het veld qr_codes.website is niet toegestaan: `Website` is een QR-code van het type URL, het doel staat in het ontwerp.',
    fr: 'Le champ qr_codes.website n’est pas autorisé\u00a0: `Website` est un code QR de type URL, sa cible est enregistrée dans le design.',
  },
  'url-kind-qr (url-kind codes only, qr_codes)': {
    de: 'Das Feld qr_codes ist nicht erlaubt: Die QR-Codes des Designs (`Website`, `Shop` oder `Café`) sind vom Typ URL, ihre Ziele sind im Design gespeichert.',
    nl: 'Het veld qr_codes is niet toegestaan: de QR-codes van het ontwerp (`Website`, `Shop` of `Café`) zijn van het type URL, hun doelen staan in het ontwerp.',
    fr: 'Le champ qr_codes n’est pas autorisé\u00a0: les codes QR du design (`Website`, `Shop` ou `Café`) sont de type URL, leurs cibles sont enregistrées dans le design.',
  },
  'markdown (link, content.greeting)': {
    de: 'Unerwartetes Element bei 1:7 (Link), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 1:7 (link), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 1:7 (lien), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (link, content.greeting, 2)': {
    de: 'Unerwartetes Element bei 3:1 (Überschrift), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 3:1 (kop), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 3:1 (titre), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (link, content.greeting, 3)': {
    de: 'Unerwartetes Element bei 5:1 (umzäunter Codeblock), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 5:1 (omheind codeblok), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 5:1 (bloc de code délimité), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (placeholder, content.greeting)': {
    de: 'Unerwarteter Platzhalter `{{first_name}}` bei 1:6, erwartet der fertige Text: Platzhalter werden nicht ausgefüllt, senden Sie stattdessen den Wert des Empfängers.',
    nl: 'Onverwachte placeholder `{{first_name}}` op 1:6, verwacht de definitieve tekst: placeholders worden niet ingevuld, stuur in plaats daarvan de waarde van de ontvanger.',
    fr: 'Champ de fusion `{{first_name}}` inattendu en 1:6, le texte final est attendu\u00a0: les champs de fusion ne sont pas remplis, envoyez plutôt la valeur du destinataire.',
  },
  'markdown (placeholder, content.greeting, 2)': {
    de: 'Unerwartetes Element bei 3:1 (Zitatblock), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 3:1 (citaatblok), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 3:1 (citation), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (more constructs, content.greeting)': {
    de: 'Unerwartetes Element bei 1:5 (Autolink), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 1:5 (autolink), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 1:5 (lien automatique), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (more constructs, content.greeting, 2)': {
    de: 'Unerwartetes Element bei 1:31 (Linkverweis), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 1:31 (linkverwijzing), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 1:31 (référence de lien), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (more constructs, content.greeting, 3)': {
    de: 'Unerwartetes Element bei 1:38 (Bild), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 1:38 (afbeelding), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 1:38 (image), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (more constructs, content.greeting, 4)': {
    de: 'Unerwartetes Element bei 1:58 (Inline-Code), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 1:58 (inline code), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 1:58 (code en ligne), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (more constructs, content.greeting, 5)': {
    de: 'Unerwartetes Element bei 3:1 (Definition eines Linkverweises), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 3:1 (definitie van een linkverwijzing), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 3:1 (définition de référence de lien), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (more constructs, content.greeting, 6)': {
    de: 'Unerwartetes Element bei 5:1 (eingerückter Codeblock), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 5:1 (ingesprongen codeblok), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 5:1 (bloc de code indenté), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (more constructs, content.greeting, 7)': {
    de: 'Unerwartetes Element bei 7:1 (unterstrichene Überschrift), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 7:1 (onderstreepte kop), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 7:1 (titre souligné), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (more constructs, content.greeting, 8)': {
    de: 'Unerwartetes Element bei 10:1 (HTML-Block), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 10:1 (HTML-blok), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 10:1 (bloc HTML), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (table, content.greeting)': {
    de: 'Unerwartetes Element bei 1:1 (Tabelle), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 1:1 (tabel), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 1:1 (tableau), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (table, content.greeting, 2)': {
    de: 'Unerwartetes Element bei 5:3 (verschachtelte Liste), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 5:3 (geneste lijst), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 5:3 (liste imbriquée), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (table, content.greeting, 3)': {
    de: 'Unerwartetes Element bei 7:1 (Inline-HTML), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 7:1 (inline HTML), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 7:1 (HTML en ligne), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'markdown (table, content.greeting, 4)': {
    de: 'Unerwartetes Element bei 9:1 (Trennlinie), erwartet nur Absätze, Zeilenumbrüche, fett, kursiv, Aufzählungen und nummerierte Listen.',
    nl: 'Onverwacht element op 9:1 (scheidingslijn), verwacht alleen alinea’s, regeleinden, vet, cursief, opsommingen en genummerde lijsten.',
    fr: 'Élément inattendu en 9:1 (ligne de séparation), seuls sont attendus les paragraphes, sauts de ligne, gras, italique, listes à puces et listes numérotées.',
  },
  'fit (fit, content.greeting)': {
    de: 'Unerwartete Texthöhe von 82,45 mm im Bereich `Greeting`, erwartet höchstens 18 mm. Kürzen Sie den Text um mindestens 549 Zeichen (15 Zeilen).',
    nl: 'Onverwachte teksthoogte van 82,45 mm in het vak `Greeting`, verwacht hooguit 18 mm. Kort de tekst in met minstens 549 tekens (15 regels).',
    fr: 'Hauteur de texte inattendue de 82,45\u202fmm dans la zone `Greeting`, au plus 18\u202fmm attendus. Raccourcissez le texte d’au moins 549 caractères (15 lignes).',
  },
  'fit (fit, wide word, content.greeting)': {
    de: 'Unerwartete Texthöhe von 27,48 mm im Bereich `Greeting`, erwartet höchstens 18 mm. Kürzen Sie den Text um mindestens 42 Zeichen (3 Zeilen) oder verkleinern Sie die Schrift auf 7,5 pt.',
    nl: 'Onverwachte teksthoogte van 27,48 mm in het vak `Greeting`, verwacht hooguit 18 mm. Kort de tekst in met minstens 42 tekens (3 regels) of verklein de letter tot 7,5 pt.',
    fr: 'Hauteur de texte inattendue de 27,48\u202fmm dans la zone `Greeting`, au plus 18\u202fmm attendus. Raccourcissez le texte d’au moins 42 caractères (3 lignes) ou réduisez la taille de police à 7,5\u202fpt.',
  },
  'url (whitespace, qr_codes.coupon_url)': {
    de: 'Unerwartete Leerzeichen um `https://example.com/c`, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwachte spaties rond `https://example.com/c`, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Espaces inattendus autour de `https://example.com/c`, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (line break, qr_codes.coupon_url)': {
    de: 'Unerwarteter Zeilenumbruch in `https://example.com/\\nc`, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwacht regeleinde in `https://example.com/\\nc`, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Saut de ligne inattendu dans `https://example.com/\\nc`, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (tab, qr_codes.coupon_url)': {
    de: 'Unerwarteter Tabulator in `https://example.com/\\tc`, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwachte tab in `https://example.com/\\tc`, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Tabulation inattendue dans `https://example.com/\\tc`, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (control, qr_codes.coupon_url)': {
    de: 'Unerwartetes Steuerzeichen `U+0007` in `https://example.com/\\u0007c`, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwacht stuurteken `U+0007` in `https://example.com/\\u0007c`, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Caractère de contrôle `U+0007` inattendu dans `https://example.com/\\u0007c`, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (bare code, qr_codes.coupon_url)': {
    de: 'Unerwarteter Wert `SUMMER24`, erwartet eine vollständige http(s)-URL wie `https://example.com/coupon?code=SUMMER24`.',
    nl: 'Onverwachte waarde `SUMMER24`, verwacht een volledige http(s)-URL zoals `https://example.com/coupon?code=SUMMER24`.',
    fr: 'Valeur `SUMMER24` inattendue, une URL http(s) complète est attendue, par exemple `https://example.com/coupon?code=SUMMER24`.',
  },
  'url (fragment, qr_codes.coupon_url)': {
    de: 'Unerwartetes Fragment `#offer`, erwartet eine vollständige http(s)-URL wie `https://example.com/page#offer`.',
    nl: 'Onverwacht fragment `#offer`, verwacht een volledige http(s)-URL zoals `https://example.com/page#offer`.',
    fr: 'Fragment `#offer` inattendu, une URL http(s) complète est attendue, par exemple `https://example.com/page#offer`.',
  },
  'url (relative, qr_codes.coupon_url)': {
    de: 'Unerwartete relative URL `/coupon`, erwartet eine vollständige http(s)-URL wie `https://example.com/coupon`.',
    nl: 'Onverwachte relatieve URL `/coupon`, verwacht een volledige http(s)-URL zoals `https://example.com/coupon`.',
    fr: 'URL relative `/coupon` inattendue, une URL http(s) complète est attendue, par exemple `https://example.com/coupon`.',
  },
  'url (scheme-relative, qr_codes.coupon_url)': {
    de: 'Unerwartete schemarelative URL `//example.com/c`, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwachte schema-relatieve URL `//example.com/c`, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'URL relative au schéma `//example.com/c` inattendue, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (missing scheme, qr_codes.coupon_url)': {
    de: 'Unerwartete Adresse `example.com/coupon` ohne Schema, erwartet eine vollständige http(s)-URL wie `https://example.com/coupon`.',
    nl: 'Onverwacht adres `example.com/coupon` zonder schema, verwacht een volledige http(s)-URL zoals `https://example.com/coupon`.',
    fr: 'Adresse `example.com/coupon` inattendue sans schéma, une URL http(s) complète est attendue, par exemple `https://example.com/coupon`.',
  },
  'url (unsupported scheme, qr_codes.coupon_url)': {
    de: 'Unerwartetes Schema `ftp:` in `ftp://example.com/c`, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwacht schema `ftp:` in `ftp://example.com/c`, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Schéma `ftp:` inattendu dans `ftp://example.com/c`, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (missing slashes, qr_codes.coupon_url)': {
    de: 'Unerwartete Adresse `https:example.com/c` ohne `//` nach dem Schema, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwacht adres `https:example.com/c` zonder `//` na het schema, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Adresse `https:example.com/c` inattendue sans `//` après le schéma, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (missing host, qr_codes.coupon_url)': {
    de: 'Unerwartete Adresse `https:///c` ohne Host, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwacht adres `https:///c` zonder host, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Adresse `https:///c` inattendue sans hôte, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (invalid host, qr_codes.coupon_url)': {
    de: 'Unerwarteter Host `exa mple.com` in `https://exa mple.com/c`, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwachte host `exa mple.com` in `https://exa mple.com/c`, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Hôte `exa mple.com` inattendu dans `https://exa mple.com/c`, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'url (invalid port, qr_codes.coupon_url)': {
    de: 'Unerwarteter Port `99999` in `https://example.com:99999/c`, erwartet eine vollständige http(s)-URL wie `https://example.com/c`.',
    nl: 'Onverwachte poort `99999` in `https://example.com:99999/c`, verwacht een volledige http(s)-URL zoals `https://example.com/c`.',
    fr: 'Port `99999` inattendu dans `https://example.com:99999/c`, une URL http(s) complète est attendue, par exemple `https://example.com/c`.',
  },
  'qr-fit (qr shorten or enlarge, qr_codes.coupon_url)': {
    de: 'Unerwartete URL mit 131 Zeichen, erwartet höchstens 106 Zeichen für den QR-Bereich von 20 mm bei Fehlerkorrektur M: Kürzen Sie die URL oder vergrößern Sie den Bereich auf 23 mm.',
    nl: 'Onverwachte URL van 131 tekens, verwacht hooguit 106 tekens voor het QR-vak van 20 mm bij foutcorrectie M: kort de URL in of vergroot het vak tot 23 mm.',
    fr: 'URL de 131 caractères inattendue, au plus 106 caractères attendus pour la zone QR de 20\u202fmm avec la correction d’erreur M\u00a0: raccourcissez l’URL ou agrandissez la zone à 23\u202fmm.',
  },
  'qr-fit (qr shorten, qr_codes.coupon_url)': {
    de: 'Unerwartete URL mit 1300 Zeichen, erwartet höchstens 58 Zeichen für den QR-Bereich von 20 mm bei Fehlerkorrektur H: Kürzen Sie die URL (kein QR-Code fasst mehr als 1273 Zeichen).',
    nl: 'Onverwachte URL van 1300 tekens, verwacht hooguit 58 tekens voor het QR-vak van 20 mm bij foutcorrectie H: kort de URL in (geen QR-code bevat meer dan 1273 tekens).',
    fr: 'URL de 1300 caractères inattendue, au plus 58 caractères attendus pour la zone QR de 20\u202fmm avec la correction d’erreur H\u00a0: raccourcissez l’URL (aucun code QR ne contient plus de 1273 caractères).',
  },
  'qr-fit (qr enlarge, qr_codes.coupon_url)': {
    de: 'Unerwarteter QR-Bereich von 10 mm, erwartet mindestens 15 mm für diese URL mit 40 Zeichen bei Modulen von 0,4 mm: Vergrößern Sie den Bereich.',
    nl: 'Onverwacht QR-vak van 10 mm, verwacht minstens 15 mm voor deze URL van 40 tekens met modules van 0,4 mm: vergroot het vak.',
    fr: 'Zone QR de 10\u202fmm inattendue, au moins 15\u202fmm attendus pour cette URL de 40 caractères avec des modules de 0,4\u202fmm\u00a0: agrandissez la zone.',
  },
  'qr-fit (qr enlarge and shorten, qr_codes.coupon_url)': {
    de: 'Unerwarteter QR-Bereich von 10 mm, erwartet mindestens 12 mm für jeden QR-Code bei Modulen von 0,4 mm: Vergrößern Sie den Bereich auf 74 mm und kürzen Sie die URL auf höchstens 1273 Zeichen.',
    nl: 'Onverwacht QR-vak van 10 mm, verwacht minstens 12 mm voor elke QR-code met modules van 0,4 mm: vergroot het vak tot 74 mm en kort de URL in tot hooguit 1273 tekens.',
    fr: 'Zone QR de 10\u202fmm inattendue, au moins 12\u202fmm attendus pour tout code QR avec des modules de 0,4\u202fmm\u00a0: agrandissez la zone à 74\u202fmm et raccourcissez l’URL à au plus 1273 caractères.',
  },
  'zip-format (warnings, from.zip)': {
    de: 'Unerwartete Postleitzahl `12345` (Niederlande), erwartet eine Postleitzahl wie `1234 AB` oder `2490 AA`.',
    nl: 'Onverwachte postcode `12345` voor Nederland, verwacht een postcode zoals `1234 AB` of `2490 AA`.',
    fr: 'Code postal `12345` inattendu (Pays-Bas), un code postal comme `1234 AB` ou `2490 AA` est attendu.',
  },
  'zip-format (warnings, to.zip)': {
    de: 'Unerwartete Postleitzahl `1234` (Deutschland), erwartet eine Postleitzahl wie `26133` oder `53225`.',
    nl: 'Onverwachte postcode `1234` voor Duitsland, verwacht een postcode zoals `26133` of `53225`.',
    fr: 'Code postal `1234` inattendu (Allemagne), un code postal comme `26133` ou `53225` est attendu.',
  },
  'unknown-field (warnings, extra)': {
    de: 'Unerwartetes Feld `extra`: Der Dienst ignoriert es.',
    nl: 'Onverwacht veld `extra`: de dienst negeert het.',
    fr: 'Champ `extra` inattendu\u00a0: le service l’ignore.',
  },
  'unknown-field (warnings, to.postal_code)': {
    de: 'Unerwartetes Feld `to.postal_code`, erwartet `to.zip`: Der Dienst ignoriert es.',
    nl: 'Onverwacht veld `to.postal_code`, verwacht `to.zip`: de dienst negeert het.',
    fr: 'Champ `to.postal_code` inattendu, `to.zip` attendu\u00a0: le service l’ignore.',
  },
  'emoji-not-in-set (warnings, content.greeting)': {
    de: 'Unerwartetes Emoji `🫪` (U+1FAEA, Emoji 17.0) in content.greeting, erwartet ein Emoji des festgelegten Satzes (Emoji 15.0): Die Vorschau zeigt es als fehlend, und im Druck wird dieser Empfänger übersprungen.',
    nl: 'Onverwachte emoji `🫪` (U+1FAEA, Emoji 17.0) in content.greeting, verwacht een emoji uit de vastgelegde set (Emoji 15.0): de preview toont hem als ontbrekend en bij het drukken wordt deze ontvanger overgeslagen.',
    fr: 'Emoji `🫪` (U+1FAEA, Emoji 17.0) inattendu dans content.greeting, un emoji du jeu fixé (Emoji 15.0) est attendu\u00a0: l’aperçu l’affiche comme manquant et, à l’impression, ce destinataire est ignoré.',
  },
  'missing-glyph (warnings, content.greeting)': {
    de: 'Unerwartetes Zeichen `ℵ` (U+2135) in content.greeting, erwartet ein Zeichen, das die Schrift `Inter` darstellen kann: Es würde als leeres Kästchen gedruckt.',
    nl: 'Onverwacht teken `ℵ` (U+2135) in content.greeting, verwacht een teken dat het lettertype `Inter` kan weergeven: het zou als een leeg vakje worden gedrukt.',
    fr: 'Caractère `ℵ` (U+2135) inattendu dans content.greeting, un caractère que la police `Inter` sait dessiner est attendu\u00a0: il s’imprimerait comme une case vide.',
  },
  'emoji-artwork-missing (warnings, content.greeting)': {
    de: 'Unerwartetes Emoji `😀` ohne Grafik, erwartet eine Grafik für den Schlüssel `1f600` in `emojiArtwork`: Laden Sie die Schlüssel von `previewEmojiKeys`.',
    nl: 'Onverwachte emoji `😀` zonder afbeelding, verwacht een afbeelding voor de sleutel `1f600` in `emojiArtwork`: laad de sleutels van `previewEmojiKeys`.',
    fr: 'Emoji `😀` inattendu sans illustration, une illustration est attendue pour la clé `1f600` dans `emojiArtwork`\u00a0: chargez les clés de `previewEmojiKeys`.',
  },
  'country-on-request (country, to.country)': {
    de: 'Unerwartetes Land `France`, erwartet Deutschland, Österreich, die Schweiz oder die Niederlande: Andere Ziele gibt es nur auf Anfrage.',
    nl: 'Onverwacht land `France`, verwacht Duitsland, Oostenrijk, Zwitserland of Nederland: andere bestemmingen zijn alleen op aanvraag beschikbaar.',
    fr: 'Pays `France` inattendu, destinations prévues\u00a0: l’Allemagne, l’Autriche, la Suisse ou les Pays-Bas\u00a0; les autres destinations sont disponibles sur demande uniquement.',
  },
  'zip-format (swiss and austrian zips, to.zip)': {
    de: 'Unerwartete Postleitzahl `12` (Schweiz), erwartet eine Postleitzahl wie `2544` oder `1211`.',
    nl: 'Onverwachte postcode `12` voor Zwitserland, verwacht een postcode zoals `2544` of `1211`.',
    fr: 'Code postal `12` inattendu (Suisse), un code postal comme `2544` ou `1211` est attendu.',
  },
  'fit (emphasis, content.greeting)': {
    de: 'Unerwartete Texthöhe von 824,51 mm im Bereich `Greeting`, erwartet höchstens 18 mm. Kürzen Sie den Text um mindestens 7867 Zeichen (177 Zeilen).',
    nl: 'Onverwachte teksthoogte van 824,51 mm in het vak `Greeting`, verwacht hooguit 18 mm. Kort de tekst in met minstens 7867 tekens (177 regels).',
    fr: 'Hauteur de texte inattendue de 824,51\u202fmm dans la zone `Greeting`, au plus 18\u202fmm attendus. Raccourcissez le texte d’au moins 7867 caractères (177 lignes).',
  },
  'emphasis-not-resolved (emphasis, content.greeting)': {
    de: 'Unerwartet viele Fett- und Kursivzeichen (5332) in content.greeting, erwartet weit weniger: Der Platzbedarf wird mit `*` und `_` als gewöhnlichen Zeichen gemessen.',
    nl: 'Onverwacht veel vet- en cursieftekens (5332) in content.greeting, verwacht veel minder: de ruimte wordt gemeten met `*` en `_` als gewone tekens.',
    fr: 'Trop de marques de gras et d’italique (5332) dans content.greeting, beaucoup moins sont attendues\u00a0: la place occupée est mesurée avec `*` et `_` comme caractères ordinaires.',
  },
  'in (campaign formats, processingType)': {
    de: 'Der gewählte Wert für processingType ist ungültig.',
    nl: 'De gekozen waarde voor processingType is ongeldig.',
    fr: 'La valeur choisie pour processingType n’est pas valide.',
  },
  'boolean (campaign formats, addressVerification)': {
    de: 'Das Feld addressVerification muss true oder false sein.',
    nl: 'Het veld addressVerification moet true of false zijn.',
    fr: 'Le champ addressVerification doit être true ou false.',
  },
  'date-format (campaign formats, delivery.deliveryPeriodEndAt)': {
    de: 'Das Feld delivery.deliveryPeriodEndAt muss dem Format Y-m-d entsprechen.',
    nl: 'Het veld delivery.deliveryPeriodEndAt moet overeenkomen met het formaat Y-m-d.',
    fr: 'Le champ delivery.deliveryPeriodEndAt doit respecter le format Y-m-d.',
  },
  'email (campaign formats, billing.invoiceEmail)': {
    de: 'Das Feld billing.invoiceEmail muss eine gültige E-Mail-Adresse sein.',
    nl: 'Het veld billing.invoiceEmail moet een geldig e-mailadres zijn.',
    fr: 'Le champ billing.invoiceEmail doit être une adresse e-mail valide.',
  },
  'online-shop-source (shop, segment.source)': {
    de: 'Unerwartete Onlineshop-Quelle `shopify` für segment.source, erwartet `csv` oder `hubspot`: Segmente von Onlineshop-Plattformen werden nicht unterstützt.',
    nl: 'Onverwachte webwinkelbron `shopify` voor segment.source, verwacht `csv` of `hubspot`: segmenten van webwinkelplatforms worden niet ondersteund.',
    fr: 'Source de boutique en ligne `shopify` inattendue pour segment.source, `csv` ou `hubspot` attendu\u00a0: les segments des plateformes de boutique en ligne ne sont pas pris en charge.',
  },
  'payment-method-unknown (billing, billing.paymentMethod)': {
    de: 'Unerwartete Zahlungsart `paypal`, erwartet `rechnung`: der einzige Wert, den die Spezifikation nennt.',
    nl: 'Onverwachte betaalmethode `paypal`, verwacht `rechnung`: de enige waarde die de specificatie noemt.',
    fr: 'Mode de paiement `paypal` inattendu, `rechnung` attendu\u00a0: la seule valeur documentée par la spécification.',
  },
  'invoice-email-missing (invoice, billing.invoiceEmail)': {
    de: 'Unerwartete Zahlungsart `rechnung` ohne `billing.invoiceEmail`, erwartet die E-Mail-Adresse, an die die Rechnung geht.',
    nl: 'Onverwachte betaalmethode `rechnung` zonder `billing.invoiceEmail`, verwacht het e-mailadres waar de factuur naartoe gaat.',
    fr: 'Mode de paiement `rechnung` inattendu sans `billing.invoiceEmail`, l’adresse e-mail à laquelle la facture est envoyée est attendue.',
  },
  // The address rules (issue 15).
  'country-on-request (zip of another state, to.country)': {
    de: 'Unerwartetes Land `US`, erwartet Deutschland, Österreich, die Schweiz oder die Niederlande: Andere Ziele gibt es nur auf Anfrage.',
    nl: 'Onverwacht land `US`, verwacht Duitsland, Oostenrijk, Zwitserland of Nederland: andere bestemmingen zijn alleen op aanvraag beschikbaar.',
    fr: 'Pays `US` inattendu, destinations prévues\u00a0: l’Allemagne, l’Autriche, la Suisse ou les Pays-Bas\u00a0; les autres destinations sont disponibles sur demande uniquement.',
  },
  'country-on-request (no state, to.country)': {
    de: 'Unerwartetes Land `US`, erwartet Deutschland, Österreich, die Schweiz oder die Niederlande: Andere Ziele gibt es nur auf Anfrage.',
    nl: 'Onverwacht land `US`, verwacht Duitsland, Oostenrijk, Zwitserland of Nederland: andere bestemmingen zijn alleen op aanvraag beschikbaar.',
    fr: 'Pays `US` inattendu, destinations prévues\u00a0: l’Allemagne, l’Autriche, la Suisse ou les Pays-Bas\u00a0; les autres destinations sont disponibles sur demande uniquement.',
  },
  'country-on-request (no province, to.country)': {
    de: 'Unerwartetes Land `IT`, erwartet Deutschland, Österreich, die Schweiz oder die Niederlande: Andere Ziele gibt es nur auf Anfrage.',
    nl: 'Onverwacht land `IT`, verwacht Duitsland, Oostenrijk, Zwitserland of Nederland: andere bestemmingen zijn alleen op aanvraag beschikbaar.',
    fr: 'Pays `IT` inattendu, destinations prévues\u00a0: l’Allemagne, l’Autriche, la Suisse ou les Pays-Bas\u00a0; les autres destinations sont disponibles sur demande uniquement.',
  },
  'zip-range (swiss and austrian zips, from.zip)': {
    de: 'Unerwartete Postleitzahl `0123` (Österreich), erwartet eine Postleitzahl von 1010 bis 9992.',
    nl: 'Onverwachte postcode `0123` voor Oostenrijk, verwacht een postcode van 1010 tot en met 9992.',
    fr: 'Code postal `0123` inattendu (Autriche), un code postal de 1010 à 9992 est attendu.',
  },
  'zip-range (german zip range, to.zip)': {
    de: 'Unerwartete Postleitzahl `00123` (Deutschland), erwartet eine Postleitzahl von 01001 bis 99998.',
    nl: 'Onverwachte postcode `00123` voor Duitsland, verwacht een postcode van 01001 tot en met 99998.',
    fr: 'Code postal `00123` inattendu (Allemagne), un code postal de 01001 à 99998 est attendu.',
  },
  'zip-range (dutch zip letters, to.zip)': {
    de: 'Unerwartete Postleitzahl `1012 SS` (Niederlande), erwartet eine Postleitzahl ab 1000 ohne die Buchstaben SA, SD und SS.',
    nl: 'Onverwachte postcode `1012 SS` voor Nederland, verwacht een postcode vanaf 1000, zonder de letters SA, SD en SS.',
    fr: 'Code postal `1012 SS` inattendu (Pays-Bas), un code postal à partir de 1000, sans les lettres SA, SD et SS, est attendu.',
  },
  'zip-state-mismatch (zip of another state, to.zip)': {
    de: 'Unerwartete Postleitzahl `90210` für NY, erwartet eine Postleitzahl von NY: Die Postleitzahl oder der Bundesstaat nach dem Ort ist falsch.',
    nl: 'Onverwachte postcode `90210` voor NY, verwacht een postcode van NY: de postcode of de staat na de plaats klopt niet.',
    fr: 'Code postal `90210` inattendu pour NY, un code postal de NY est attendu\u00a0: le code postal ou l’État après la ville est erroné.',
  },
  'country-unrecognized (unrecognised country, to.country)': {
    de: 'Unerwartetes Land `Germoney`, erwartet einen ISO-3166-Code wie `DE` oder den Namen des Landes auf Englisch, Deutsch, Niederländisch oder Französisch.',
    nl: 'Onverwacht land `Germoney`, verwacht een ISO 3166-code zoals `DE` of de naam van het land in het Engels, Duits, Nederlands of Frans.',
    fr: 'Pays `Germoney` inattendu, un code ISO 3166 comme `DE` ou le nom du pays en anglais, allemand, néerlandais ou français est attendu.',
  },
  'country-not-served (country not served, to.country)': {
    de: 'Unerwartetes Land `Japan` (Japan), erwartet Deutschland, Österreich, die Schweiz oder die Niederlande, auf Anfrage auch ein anderes EU-Land, das Vereinigte Königreich oder die USA.',
    nl: 'Onverwacht land `Japan` (Japan), verwacht Duitsland, Oostenrijk, Zwitserland of Nederland, op aanvraag ook een ander EU-land, het Verenigd Koninkrijk of de VS.',
    fr: 'Pays `Japan` inattendu (Japon), destinations prévues\u00a0: l’Allemagne, l’Autriche, la Suisse ou les Pays-Bas\u00a0; sur demande aussi un autre pays de l’UE, le Royaume-Uni ou les États-Unis.',
  },
  'address-part-missing (no state, to.city)': {
    de: 'Unerwarteter Ort `New York` ohne Bundesstaat, erwartet das Kürzel des Bundesstaats nach dem Ort (Vereinigte Staaten), etwa `New York AL`.',
    nl: 'Onverwachte plaats `New York` zonder staat, verwacht de code van de staat na de plaats (Verenigde Staten), zoals `New York AL`.',
    fr: 'Ville `New York` inattendue sans État, le code de l’État est attendu après la ville (États-Unis), par exemple `New York AL`.',
  },
  'address-part-missing (no province, to.city)': {
    de: 'Unerwarteter Ort `Pisa` ohne Provinz, erwartet das Kürzel der Provinz nach dem Ort (Italien), etwa `Pisa AG`.',
    nl: 'Onverwachte plaats `Pisa` zonder provincie, verwacht de code van de provincie na de plaats (Italië), zoals `Pisa AG`.',
    fr: 'Ville `Pisa` inattendue sans province, le code de la province est attendu après la ville (Italie), par exemple `Pisa AG`.',
  },
  'address-lines-overflow (address lines, to)': {
    de: 'Unerwartet viele Adresszeilen (3), erwartet höchstens 2: Der Adressbereich fasst 2 Zeilen zu 10 pt, es fehlen 2,07 mm. Kürzen Sie die Adresse oder vergrößern Sie den Bereich.',
    nl: 'Onverwacht veel adresregels (3), verwacht hooguit 2: het adresvak biedt ruimte aan 2 regels van 10 pt, er ontbreekt 2,07 mm. Kort het adres in of vergroot het vak.',
    fr: 'Trop de lignes d’adresse (3)\u00a0: la zone d’adresse ne contient que 2 lignes de 10\u202fpt, il manque 2,07\u202fmm. Raccourcissez l’adresse ou agrandissez la zone.',
  },
  'address-line-too-wide (wide address line, to)': {
    de: 'Unerwartete Adresszeile `Bahnhofstrasse 4a, Hinterhaus, 3. Stock links` (14,58 mm breiter als der Bereich), erwartet höchstens 56 mm in Roboto 10 pt: Kürzen Sie die Zeile oder vergrößern Sie den Bereich.',
    nl: 'Onverwachte adresregel `Bahnhofstrasse 4a, Hinterhaus, 3. Stock links` (14,58 mm breder dan het vak), verwacht hooguit 56 mm in Roboto 10 pt: kort de regel in of vergroot het vak.',
    fr: 'Ligne d’adresse `Bahnhofstrasse 4a, Hinterhaus, 3. Stock links` inattendue (plus large que la zone de 14,58\u202fmm), au plus 56\u202fmm attendus en Roboto 10\u202fpt\u00a0: raccourcissez la ligne ou agrandissez la zone.',
  },
  'address-font-small (small address font, sides.back.elements[3].font_size_pt)': {
    de: 'Unerwartete Schriftgröße von 7,5 pt für die Adresse, erwartet mindestens 9,2 pt in Roboto: Sortiermaschinen lesen Großbuchstaben ab 2,3 mm Höhe, diese sind 1,88 mm hoch.',
    nl: 'Onverwachte lettergrootte van 7,5 pt voor het adres, verwacht minstens 9,2 pt in Roboto: sorteermachines lezen hoofdletters vanaf 2,3 mm hoogte, deze zijn 1,88 mm hoog.',
    fr: 'Taille de police de 7,5\u202fpt inattendue pour l’adresse, au moins 9,2\u202fpt attendus en Roboto\u00a0: les machines de tri lisent les capitales à partir de 2,3\u202fmm de haut, celles-ci mesurent 1,88\u202fmm.',
  },
  'address-line-too-wide (hairline address line, to)': {
    de: 'Unerwartete Adresszeile `Prinsengracht 263` (weniger als 0,01 mm breiter als der Bereich), erwartet höchstens 28,64 mm in Roboto 10 pt: Kürzen Sie die Zeile oder vergrößern Sie den Bereich.',
    nl: 'Onverwachte adresregel `Prinsengracht 263` (minder dan 0,01 mm breder dan het vak), verwacht hooguit 28,64 mm in Roboto 10 pt: kort de regel in of vergroot het vak.',
    fr: 'Ligne d’adresse `Prinsengracht 263` inattendue (plus large que la zone de moins de 0,01\u202fmm), au plus 28,64\u202fmm attendus en Roboto 10\u202fpt\u00a0: raccourcissez la ligne ou agrandissez la zone.',
  },
}

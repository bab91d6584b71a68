/** Words of /imagine and the message commands (see translator.ts for the conventions). */
export default {
  noAttachFiles:
    'Der Bot kann hier keine Bilder posten: Ihm fehlt in diesem Kanal die Berechtigung „Dateien anhängen“.',
  rerollElsewhere:
    'Diese Bildanfrage wurde in einem anderen Kanal gestellt, deshalb kann sie nur dort neu generiert werden.',
  buttonUnsupported: 'Dieser Button wird nicht mehr unterstützt.',
  rerollTooOld: 'Diese Bildanfrage ist zu alt, um sie neu zu generieren. Nutze /imagine noch einmal.',
  rerollNotYours:
    'Nur die Person, die diese Bilder angefordert hat (oder ein Moderator), kann sie neu generieren.',
  promptEmpty: 'Dein Prompt ist leer. Beschreibe das Bild, das du möchtest.',
  promptTooLong: 'Dein Prompt hat {{length}} Zeichen; das Limit liegt bei {{limit}}.',
  sizeInvalid: 'size muss einer dieser Werte sein: {{sizes}}.',
  nInvalid: 'n muss eine ganze Zahl von {{min}} bis {{max}} sein.',
  reroll: 'Neu generieren',
  progress_one: '🎨 Generiere {{count, number}} Bild in {{size}} …',
  progress_other: '🎨 Generiere {{count, number}} Bilder in {{size}} …',
  imageCount_one: '{{count, number}} Bild',
  imageCount_other: '{{count, number}} Bilder',
  noLink: 'Bild {{index}}: Der Dienst hat dafür keinen Link geschickt.',
  linksNote:
    'Der Bot darf hier keine Dateien anhängen, deshalb sind das die Links des Dienstes (sie können ablaufen).',
  restarting: 'Der Bot startet neu; es wurde nichts generiert.',
  notReadyInTime:
    'Hier kann der Bot nur innerhalb von {{wait}} nach dem Befehl antworten (Discords Limit für eine App, die in deinem Konto installiert ist), und die Bilder waren nicht rechtzeitig fertig; es wurde nichts berechnet.',
  fewerReturned_one: 'Der Dienst hat {{got}} von {{count, number}} Bild geliefert.',
  fewerReturned_other: 'Der Dienst hat {{got}} von {{count, number}} Bildern geliefert.',
  tooLargeHere:
    'Bild {{index}} ist zu groß, um es hier hochzuladen (über {{megabytes}} MB): <{{url}}> (der Link kann ablaufen).',
  notDownloaded: 'Bild {{index}} konnte nicht heruntergeladen werden: {{reason}}.',
  imagesOf: 'Bilder {{numbers}} von {{total}}',
  notPosted: '⚠️ Bilder {{numbers}} konnten nicht gepostet werden ({{reason}}).',
  downloadNoUrl: 'der Dienst hat keine URL dafür geschickt',
  downloadInvalidUrl: 'der Dienst hat keine gültige Bild-URL geschickt',
  downloadNotHttp: 'der Dienst hat eine Bild-URL geschickt, die nicht HTTP ist',
  downloadInternal: 'der Bildhost liegt in einem privaten oder internen Netz, aus dem der Bot nichts abruft',
  downloadRedirectNotHttp: 'der Bildhost hat auf eine Adresse umgeleitet, die nicht http(s) ist',
  downloadStoppedResponding: 'der Bildhost antwortet nicht mehr',
  downloadNoConnection: 'der Bildhost hat keine Verbindung angenommen',
  downloadFailedCode: 'der Download ist fehlgeschlagen ({{code}})',
  downloadFailed: 'der Download ist fehlgeschlagen',
  downloadTooManyRedirects: 'der Bildhost hat zu oft umgeleitet',
  downloadStatus: 'der Bildhost hat mit HTTP {{status}} geantwortet',
  downloadTooLarge: 'das Bild ist zu groß zum Hochladen',
  downloadNotPng: 'die Datei ist kein PNG-Bild',
  downloadCancelled: 'der Download wurde abgebrochen',
  downloadTooSlow: 'der Bildhost hat länger als {{wait}} gebraucht',
  askFormTitle: 'Frage zu dieser Nachricht',
  askFormLabel: 'Deine Frage zur Nachricht',
  askFormDescription: 'Zeilenumbrüche bleiben erhalten. Bis zu {{limit}} Zeichen.',
  askQuestionEmpty: 'Dein Prompt ist leer. Schreib eine Frage zur Nachricht.',
  nothingToAskAbout:
    'Diese Nachricht hat keinen Text und keine Textdatei, die der Bot lesen kann (Bilder und andere Dateien werden nicht gelesen). Wähle eine Nachricht mit Text oder nutze /ask.',
  askFormExpired:
    'Dieses Formular ist abgelaufen (ein Formular behält seine Nachricht eine Stunde lang). Nutze „Zu dieser Nachricht fragen“ noch einmal auf der Nachricht.',
  askAboutHead: '-# ↪️ Zu einer Nachricht von {{author}}: {{link}}',
  botNotInChannel:
    'Der Bot kann diesen Chat nicht lesen: Er ist hier kein Mitglied (du nutzt ihn über die Apps deines eigenen Kontos). „Ab hier zusammenfassen“ funktioniert dort, wo der Bot selbst ist: auf Servern, die ihn hinzugefügt haben, und in deiner DM mit ihm.',
  cannotReadHistory:
    'Der Bot kann die Nachrichten dieses Kanals nicht lesen: Er braucht hier „Kanal ansehen“ und „Nachrichtenverlauf anzeigen“. Ein Server-Admin kann ihm das in den Berechtigungen des Kanals geben.',
  memberCannotReadHistory:
    'Du kannst den Verlauf dieses Kanals selbst nicht lesen: „Ab hier zusammenfassen“ verlangt, dass auch du hier „Kanal ansehen“ und „Nachrichtenverlauf anzeigen“ hast.',
  summaryHead_one: '-# ↪️ Zusammenfassung von {{count, number}} Nachricht ab {{link}}',
  summaryHead_other: '-# ↪️ Zusammenfassung von {{count, number}} Nachrichten ab {{link}}',
  summaryOmitted_one:
    'Die älteste Nachricht wurde weggelassen, damit das Verlaufsbudget dieses Kanals reicht.',
  summaryOmitted_other:
    'Die {{count, number}} ältesten Nachrichten wurden weggelassen, damit das Verlaufsbudget dieses Kanals reicht.',
};

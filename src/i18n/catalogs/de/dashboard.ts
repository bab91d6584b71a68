/** Words of the web dashboard (src/dashboard/), chosen by the browser's Accept-Language. */
export default {
  // Every page
  product: 'Bot-Dashboard',
  signedInAs: 'Angemeldet als {{name}}',
  logOut: 'Abmelden',
  // Refusals of a whole page
  forbiddenServer:
    'Du verwaltest diesen Server nicht mit dem Bot („Server verwalten“, und der Bot ist dort).',
  staleForm:
    'Dieses Formular konnte nicht geprüft werden: Es wurde vor deiner letzten Anmeldung oder von einer anderen Seite geöffnet. Öffne die Seite erneut und sende es von dort.',
  tooManyLogins: 'Zu viele Anmeldeversuche von hier: Warte eine Minute und versuche es dann noch einmal.',
  backToServers: 'Zurück zu deinen Servern',
  // The login page and the server list
  loginTitle: 'Bot-Dashboard: Anmelden',
  loginLead: 'Verwalte die Ausgaben des Bots auf deinen Servern.',
  loginLink: 'Mit Discord anmelden',
  loginState: 'Die Anmeldung konnte nicht geprüft werden (state); versuche es noch einmal.',
  loginNotAuthorized: 'Discord hat die Anmeldung nicht erlaubt.',
  loginRefused: 'Discord hat die Anmeldung abgelehnt; versuche es noch einmal.',
  yourServers: 'Deine Server',
  noServers:
    'Kein Server zu verwalten: Das Dashboard zeigt die Server, in denen der Bot ist und du „Server verwalten“ hast.',
  // A server's spend
  rangeForm: 'Von {{from}} bis {{to}}',
  show: 'Anzeigen',
  total_one: '{{money}} ausgegeben für {{count, number}} Anfrage vom {{from}} bis {{to}}.',
  total_other: '{{money}} ausgegeben für {{count, number}} Anfragen vom {{from}} bis {{to}}.',
  downloadCsv: 'CSV herunterladen',
  chartTitle: 'Ausgaben pro Tag, {{from}} bis {{to}}',
  byModel: 'Nach Modell',
  byMember: 'Nach Mitglied',
  byChannel: 'Nach Kanal',
  byRole: 'Nach Rolle',
  model: 'Modell',
  member: 'Mitglied',
  channel: 'Kanal',
  role: 'Rolle',
  requests: 'Anfragen',
  cost: 'Kosten',
  nothingInRange: 'Nichts in diesem Zeitraum',
  byRoleNote:
    'Rollen mit einer Regel pro Rolle, wie bei /usage show: Eine Anfrage zählt unter jeder solchen Rolle ihres Mitglieds, daher können die Zeilen zusammen mehr als die Summe ergeben.',
  noRoleWithRule: 'Keine Rolle mit Regel',
  datesFormat: 'Daten werden als JJJJ-MM-TT geschrieben.',
  rangeBackwards: 'Der Zeitraum beginnt nach seinem Ende (oder in der Zukunft).',
  rangeTooLong: 'Höchstens zehn Jahre auf einmal.',
  // Budgets
  budgets: 'Budgets',
  monthNoCap: 'Dieser Monat: {{spent}}, kein Monatslimit.',
  monthOfCap: 'Dieser Monat: {{spent}} von {{cap}}.',
  capBelowSpend:
    'Dieses Limit liegt unter den {{spent}}, die diesen Monat schon ausgegeben wurden: Anfragen werden bis zum 1. abgelehnt.',
  monthlyCapLabel: 'Monatslimit des Servers ({{currency}}, leer: keins)',
  dailyCapLabel: 'Tageslimit pro Mitglied ({{currency}}, leer: keins)',
  save: 'Speichern',
  appliesNext: 'Änderungen gelten ab der nächsten Anfrage.',
  saved: 'Gespeichert: Es gilt ab der nächsten Anfrage.',
  sentNotConfirmed:
    'Gesendet: Der Prozess dieses Servers hat es noch nicht bestätigt. Er übernimmt die Änderung, sobald er läuft (in Sekunden); lade neu, um es zu prüfen.',
  capsInvalid: 'Limits sind Beträge wie 5 oder 0,25, oder leer für keins.',
  // Requests in progress
  inProgress: 'Laufende Anfragen',
  inProgressUnknown:
    'Der Prozess dieses Servers hat nicht rechtzeitig geantwortet, daher können die laufenden Anfragen jetzt nicht gezeigt werden.',
  inProgressAsOf: 'Anfragen, die gerade einen Platz belegen, Stand {{time}}.',
  refresh: 'Aktualisieren',
  kind: 'Art',
  started: 'Begonnen',
  chat: 'Chat',
  ago: 'vor {{time}}',
  noneNow: 'Gerade keine',
  // Features and channels (/config)
  features: 'Funktionen und Kanäle',
  featureCost: 'Zeigen, was jede Antwort gekostet hat',
  featureContext: 'Zeigen, wie voll das Gesprächsgedächtnis ist',
  featureMentions:
    'Auf Nachrichten antworten, die den Bot erwähnen oder ihm antworten (DMs sind nicht betroffen)',
  featureFallback:
    'Wenn das Limit eines Mitglieds ein Modell ablehnt, mit dem günstigsten erlaubten antworten, das passt',
  featureLanguage: 'In der Sprache des fragenden Mitglieds antworten (seiner Discord-Sprache)',
  featureClassicLayout: 'Im klassischen Discord-Layout (einfache Textnachrichten) statt in Karten antworten',
  where: 'Wo der Bot antwortet',
  everywhere: 'Überall, wo er lesen kann',
  listedOnly: 'Nur in den angekreuzten Kanälen (Threads folgen ihrem Kanal):',
  channelGone: 'ein Kanal, den der Bot nicht mehr sieht',
  channelsUnknown:
    'Dieser Prozess sieht die Kanäle des Servers nicht: Wähle „überall“ oder nutze /config channels in Discord.',
  configNote:
    'Dieselben Einstellungen wie /config features und /config channels; Änderungen gelten ab der nächsten Anfrage.',
  notACheckbox: '{{field}} ist ein Kästchen: „on“ oder nicht gesendet.',
  chooseWhere: 'Wähle „überall“ oder angekreuzte Kanäle.',
  tooManyChannels: 'Höchstens {{max}} Kanäle.',
  unknownChannel: 'Unbekannter Kanal: Kreuze Kanäle dieses Servers an.',
  // Rules per role
  roleRules: 'Regeln pro Rolle',
  dailyPerMember: 'Tageslimit pro Mitglied',
  monthlyPerMember: 'Monatslimit pro Mitglied',
  models: 'Modelle',
  serverDefault: 'wie der Server',
  none: 'keins',
  allAllowed: 'alle erlaubten',
  yes: 'ja',
  no: 'nein',
  clear: 'Entfernen',
  noRule: 'Keine Regel: Jedes Mitglied hat die Vorgaben des Servers',
  dailyRuleLabel: 'Tageslimit pro Mitglied (leer: das des Servers)',
  monthlyRuleLabel: 'Monatslimit pro Mitglied (leer: keins)',
  modelsLabel: 'Modelle (keins angekreuzt: alle, die der Server erlaubt)',
  mayImagine: 'darf /imagine nutzen',
  saveRule: 'Regel speichern',
  mostGenerous: 'Ein Mitglied mit mehreren Rollen bekommt für jedes Feld den großzügigsten Wert.',
  rolesUnknown:
    'Dieser Prozess sieht die Rollen des Servers nicht: Lege Regeln mit /budget role in Discord fest oder lade gleich neu.',
  roleInvalid: 'Eine Rolle und Limits wie 5 oder 0,25 (leer: Vorgabe).',
  notARoleId: 'Keine Rollen-ID.',
  notARole: 'Keine Rolle dieses Servers: Wähle eine der Rollen des Servers.',
  everyoneRole:
    'Alle haben @everyone: Lege die Limits des Servers unter „Budgets“ fest oder wähle eine andere Rolle.',
  // The server's own service key (/config service-key)
  serviceKey: 'Dienstschlüssel',
  keyNeedsEncryption:
    'Server können hier keinen eigenen Dienstschlüssel hinterlegen: Der Betreiber des Bots hat DATA_ENCRYPTION_KEY nicht gesetzt, womit solche Schlüssel versiegelt gespeichert werden. Bitte den Betreiber, ihn zu setzen.',
  keyNone:
    'Dieser Server hat keinen eigenen Dienstschlüssel: Seine Anfragen nutzen den Schlüssel des Bot-Betreibers.',
  keySet:
    'Dieser Server nutzt einen eigenen Dienstschlüssel mit der Endung …{{last4}}, gesetzt von {{user}} am {{day}} um {{time}} UTC.',
  keyLabel: 'Neuer Schlüssel (ersetzt den aktuellen)',
  saveKey: 'Schlüssel speichern',
  clearKey: 'Schlüssel entfernen',
  keyNote:
    'Wie /config service-key: Der Schlüssel wird versiegelt gespeichert und nie wieder angezeigt, nur seine letzten vier Zeichen. Die Anfragen dieses Servers nutzen ihn und gehen nicht auf Kosten des Bot-Betreibers.',
  keyInvalid:
    'Das ist kein Dienstschlüssel: 1 bis 400 Zeichen ohne Leerzeichen oder Zeilenumbrüche. Nichts wurde gespeichert.',
  keyUnopened:
    'Der Prozess dieses Servers konnte den Schlüssel nicht öffnen (die Prozesse des Bots teilen sich keinen gemeinsamen DATA_ENCRYPTION_KEY). Nichts wurde gespeichert.',
  // Paid plans (PLANS_FILE) and who paid this month
  planAndPayers: 'Tarif und wer bezahlt hat',
  planLine:
    'Tarif: {{plan}}; {{left}} vom Kontingent dieses Monats ({{allowance}}) übrig; Guthaben {{credit}}.',
  planFree: 'kostenloses Kontingent',
  planSubscribed_one: 'Server-Abo',
  planSubscribed_other: '{{count, number}} Server-Abos',
  creditPacks: 'Guthabenpakete',
  noPacks: 'Kein Guthabenpaket gekauft.',
  packCredited: 'Gutgeschrieben am',
  packAmount: 'Betrag',
  packRefunded: 'erstattet',
  whoPaid_one:
    'Dieser Monat: {{operator}} vom Bot-Betreiber bezahlt, {{serverKey}} mit dem eigenen Schlüssel dieses Servers ({{count, number}} Anfrage).',
  whoPaid_other:
    'Dieser Monat: {{operator}} vom Bot-Betreiber bezahlt, {{serverKey}} mit dem eigenen Schlüssel dieses Servers ({{count, number}} Anfragen).',
};

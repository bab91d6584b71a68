/** Words of the spend namespace: /usage, /budget, refusals by a cap, alerts, the cost line. */
export default {
  // /usage
  usageManageOnly:
    'Nur Mitglieder mit der Berechtigung „Server verwalten“ können die Nutzung des Servers sehen.',
  unknownPeriod: 'Unbekannter Zeitraum.',
  periodThisMonth: 'Dieser Monat',
  periodLastMonth: 'Letzter Monat',
  periodToday: 'Heute',
  periodLast7Days: 'Letzte 7 Tage',
  periodLast30Days: 'Letzte 30 Tage',
  periodAllTime: 'Gesamter Zeitraum',
  periodRange: '{{period}} ({{from}} bis {{to}}, UTC)',
  datesRange: '{{from}} bis {{to}} (UTC)',
  reportHead_one: '**Ausgaben · {{label}}**: {{money}} für {{count, number}} Anfrage',
  reportHead_other: '**Ausgaben · {{label}}**: {{money}} für {{count, number}} Anfragen',
  reportEstimated_one: '({{count, number}} davon mit geschätzten Tokens)',
  reportEstimated_other: '({{count, number}} davon mit geschätzten Tokens)',
  requestsShort_one: '{{count, number}} Anfr.',
  requestsShort_other: '{{count, number}} Anfr.',
  images_one: '{{count, number}} Bild',
  images_other: '{{count, number}} Bilder',
  tokens: '{{input}} Tokens rein · {{output}} Tokens raus',
  byModel: '**Nach Modell**',
  modelLine: '`{{model}}`: {{requests}} · {{detail}} · {{money}}',
  topMembers: '**Top-Mitglieder**',
  memberLine: '{{rank}}. <@{{userId}}>: {{money}} ({{requests}})',
  byRole: '**Nach Rolle** (Regeln pro Rolle; ein Mitglied mit mehreren zählt unter jeder)',
  roleLine: '<@&{{roleId}}>: {{money}} ({{requests}})',
  noRoleLine: 'Ohne Rolle mit Regel: {{money}} ({{requests}})',
  paidWithServerKey: 'Mit dem eigenen Schlüssel dieses Servers bezahlt: {{money}} ({{requests}})',
  budgetLine: 'Budget: {{caps}}',
  budgetMonthly: 'Monatslimit {{cap}} ({{percent}} % diesen Monat verbraucht)',
  budgetDaily: '{{cap}} pro Mitglied und Tag',
  chartTitle: 'Tägliche Ausgaben · {{label}}',
  // /usage export
  exportPeriodAndDates: 'Gib entweder `period` oder `from`/`to` an, nicht beides.',
  exportDateFormat:
    '`{{name}}` muss ein Datum im Format JJJJ-MM-TT (UTC) sein, etwa 2026-11-01; erhalten: {{value}}.',
  exportDateNotReal: '`{{name}}`: {{value}} ist kein Datum im Kalender.',
  exportFromAfterTo: '`from` ({{from}}) liegt nach `to` ({{to}}): Dazwischen liegt nichts.',
  exportFromFuture:
    '`from` ({{from}}) liegt in der Zukunft (heute ist der {{today}}, UTC): Es gibt noch nichts zu exportieren.',
  billedRequests_one: '{{count, number}} abgerechnete Anfrage',
  billedRequests_other: '{{count, number}} abgerechnete Anfragen',
  rows_one: '{{count, number}} Zeile',
  rows_other: '{{count, number}} Zeilen',
  exportSummary: '{{requests}} · {{money}} · {{label}}',
  exportSpan: '{{first}} bis {{last}} UTC',
  exportNoRows: 'keine Zeilen',
  exportOversized_one:
    '-# ⚠️ {{count, number}} Anfrage ausgelassen: eine Zeile zu lang für eine Datei dieser Größe (ID {{ids}}).',
  exportOversized_other:
    '-# ⚠️ {{count, number}} Anfragen ausgelassen: eine Zeile zu lang für eine Datei dieser Größe (ID {{ids}}).',
  exportRetention:
    '-# Einzelne Anfragen werden {{days}} Tage aufbewahrt (Tagessummen länger): Dieser Zeitraum reicht weiter zurück, daher kann der Export weniger Zeilen haben, als /usage show zählt.',
  exportRestSameDay:
    '{{command}} (seine ersten Zeilen bis {{time}} UTC wiederholen das Ende von Teil {{part}})',
  exportInParts: '**Nutzungsexport** · {{label}}, in Teilen, sobald sie fertig sind.',
  exportPart: 'Teil {{part}} · {{rows}} · {{span}}',
  exportDone_one: '✅ Fertig: {{summary}}, in {{count, number}} Datei.',
  exportDone_other: '✅ Fertig: {{summary}}, in {{count, number}} Dateien.',
  exportThroughDay: 'alle vom {{from}} bis einschließlich {{last}} (UTC)',
  exportUpToTime: 'vom {{from}} bis {{last}} UTC',
  exportCut:
    '⚠️ Nach {{parts}} Dateien angehalten, mehr sendet ein Export nicht: Sie enthalten {{requests}} ({{money}}), {{through}}.',
  exportForTheRest: 'Für den Rest: {{command}}.',
  exportStopped: '⚠️ Der Export ist nach Teil {{part}} abgebrochen: {{reason}}.',
  exportStoppedEmpty: '{{head}} Die Datei oben enthält keine Zeilen.',
  exportStoppedHeld: '{{head}} Die Dateien oben enthalten {{requests}} bis {{last}} UTC.',
  exportInternalError: 'im Bot ist etwas schiefgelaufen (Fehler-ID {{errorId}}, im Log)',
  // /budget
  budgetManageOnly:
    'Nur Mitglieder mit der Berechtigung „Server verwalten“ können das Budget des Servers ändern.',
  capInvalid: 'Ein Limit muss eine Zahl von 0 bis {{max}} sein.',
  setGiveOne: 'Gib `monthly`, `daily_per_member` oder beides an.',
  clearChoose: 'Wähle, welches Limit entfernt werden soll: monatlich, täglich pro Mitglied oder beide.',
  alertsGiveChannel: 'Gib den Kanal an, in den die Warnungen gehen sollen.',
  none: 'keine',
  settingsMonthly: 'Monatslimit: {{monthly}}',
  settingsMonthlySpent: '{{cap}} ({{spent}} diesen Monat ausgegeben)',
  settingsDaily: 'Tageslimit pro Mitglied: {{daily}}',
  settingsAlerts: 'Warnungen: {{channel}}',
  settingsNoAlertChannel: 'kein Kanal festgelegt',
  // /budget role
  ruleLine:
    '<@&{{roleId}}>: täglich {{daily}} · monatlich {{monthly}} pro Mitglied · Modelle {{models}} · /imagine {{imagine}}',
  ruleNoCap: 'kein Limit',
  ruleServerDefault: 'Server-Standard',
  ruleAllModels: 'alle, die der Server erlaubt',
  yes: 'ja',
  no: 'nein',
  noRules: 'Keine Regeln pro Rolle: Jedes Mitglied hat die Limits und Modelle des Servers.',
  rulesHeading_one:
    'Regeln pro Rolle ({{count, number}} von höchstens {{max}}; ein Mitglied mit mehreren bekommt jeweils die großzügigste):',
  rulesHeading_other:
    'Regeln pro Rolle ({{count, number}} von höchstens {{max}}; ein Mitglied mit mehreren bekommt jeweils die großzügigste):',
  ruleGiveField: 'Gib `daily`, `monthly`, `models` oder `imagine` für die Rolle an.',
  chooseRole: 'Wähle eine Rolle.',
  everyoneRole: 'Alle haben @everyone: Die eigenen Limits des Servers legst du mit /budget set fest.',
  ruleRemoved: 'Die Regel für <@&{{roleId}}> ist entfernt.',
  ruleNotThere: '<@&{{roleId}}> hatte keine Regel.',
  tooManyRules:
    'Dieser Server hat bereits {{max}} Rollenregeln, mehr geht nicht: Entferne zuerst eine (/budget role clear).',
  // Refusals by a cap
  operatorCapReached:
    'Der Bot hat sein Ausgabenlimit für diesen Monat erreicht; er antwortet wieder ab dem 1. des nächsten Monats (UTC).',
  operatorCapNoRoom:
    'Der Bot ist nahe an seinem Ausgabenlimit für diesen Monat: Diese Anfrage könnte mehr kosten, als übrig ist. Eine kürzere Frage oder ein günstigeres Modell passt vielleicht noch; sonst antwortet er wieder ab dem 1. des nächsten Monats (UTC).',
  serverCapReached:
    'Dieser Server hat sein monatliches Ausgabenlimit für den Bot erreicht; es wird am 1. des nächsten Monats (UTC) zurückgesetzt. Ein Server-Admin kann es mit /budget erhöhen.',
  serverCapReachedFigures:
    'Dieser Server hat sein monatliches Ausgabenlimit für den Bot erreicht ({{spent}} von {{cap}} verbraucht).',
  serverCapReachedPending:
    'Dieser Server hat sein monatliches Ausgabenlimit für den Bot erreicht ({{spent}} von {{cap}} verbraucht, {{pending}} in Bearbeitung).',
  dmCapReached:
    'Du hast das heutige Limit für Direktnachrichten mit dem Bot erreicht; es wird um 00:00 UTC zurückgesetzt.',
  dmCapReachedFigures:
    'Du hast das heutige Limit für Direktnachrichten mit dem Bot erreicht ({{spent}} von {{cap}} verbraucht); es wird um 00:00 UTC zurückgesetzt.',
  userInstallCapInServer:
    'Du hast das heutige Limit für die Nutzung des Bots auf diesem Server erreicht, wo er nur funktioniert, weil du ihn installiert hast ({{spent}} von {{cap}} verbraucht); es wird um 00:00 UTC zurückgesetzt.',
  userInstallCapOutside:
    'Du hast das heutige Limit für die Nutzung des Bots außerhalb der Server erreicht, die ihn hinzugefügt haben (seine DMs, Gruppen-DMs und DMs mit Freunden) ({{spent}} von {{cap}} verbraucht); es wird um 00:00 UTC zurückgesetzt.',
  memberDailyCapReached:
    'Du hast dein tägliches Ausgabenlimit auf diesem Server erreicht. Es wird um 00:00 UTC zurückgesetzt.',
  memberDailyCapFigures:
    'Du hast dein tägliches Ausgabenlimit auf diesem Server erreicht ({{spent}} von {{cap}} heute). Es wird um 00:00 UTC zurückgesetzt.',
  memberMonthlyCapReached:
    'Du hast dein monatliches Ausgabenlimit auf diesem Server erreicht. Es wird am 1. des nächsten Monats (UTC) zurückgesetzt.',
  memberMonthlyCapFigures:
    'Du hast dein monatliches Ausgabenlimit auf diesem Server erreicht ({{spent}} von {{cap}} diesen Monat). Es wird am 1. des nächsten Monats (UTC) zurückgesetzt.',
  serverCapNoRoomFigures:
    'Diese Anfrage könnte mehr kosten als die {{left}}, die vom monatlichen Ausgabenlimit dieses Servers für den Bot übrig sind ({{spent}} von {{cap}} verbraucht).',
  serverCapNoRoomPending:
    'Diese Anfrage könnte mehr kosten als die {{left}}, die vom monatlichen Ausgabenlimit dieses Servers für den Bot übrig sind ({{spent}} von {{cap}} verbraucht, {{pending}} in Bearbeitung).',
  serverCapNoRoom:
    'Diese Anfrage könnte mehr kosten, als vom monatlichen Ausgabenlimit dieses Servers für den Bot übrig ist. Ein Server-Admin kann es mit /budget erhöhen.',
  dmCapNoRoomFigures:
    'Diese Anfrage könnte mehr kosten als die {{left}}, die vom heutigen Limit für Direktnachrichten mit dem Bot übrig sind ({{spent}} von {{cap}} verbraucht); es wird um 00:00 UTC zurückgesetzt.',
  dmCapNoRoom:
    'Diese Anfrage könnte mehr kosten, als vom heutigen Limit für Direktnachrichten mit dem Bot übrig ist; es wird um 00:00 UTC zurückgesetzt.',
  userInstallNoRoomInServer:
    'Diese Anfrage könnte mehr kosten als die {{left}}, die vom heutigen Limit für die Nutzung des Bots auf diesem Server übrig sind, wo er nur funktioniert, weil du ihn installiert hast ({{spent}} von {{cap}} verbraucht); es wird um 00:00 UTC zurückgesetzt.',
  userInstallNoRoomOutside:
    'Diese Anfrage könnte mehr kosten als die {{left}}, die vom heutigen Limit für die Nutzung des Bots außerhalb der Server übrig sind, die ihn hinzugefügt haben (seine DMs, Gruppen-DMs und DMs mit Freunden) ({{spent}} von {{cap}} verbraucht); es wird um 00:00 UTC zurückgesetzt.',
  memberDailyNoRoom:
    'Diese Anfrage könnte mehr kosten, als von deinem täglichen Ausgabenlimit auf diesem Server übrig ist. Es wird um 00:00 UTC zurückgesetzt.',
  memberDailyNoRoomFigures:
    'Diese Anfrage könnte mehr kosten als die {{left}}, die von deinem täglichen Ausgabenlimit auf diesem Server übrig sind ({{spent}} von {{cap}} heute). Es wird um 00:00 UTC zurückgesetzt.',
  memberMonthlyNoRoom:
    'Diese Anfrage könnte mehr kosten, als von deinem monatlichen Ausgabenlimit auf diesem Server übrig ist. Es wird am 1. des nächsten Monats (UTC) zurückgesetzt.',
  memberMonthlyNoRoomFigures:
    'Diese Anfrage könnte mehr kosten als die {{left}}, die von deinem monatlichen Ausgabenlimit auf diesem Server übrig sind ({{spent}} von {{cap}} diesen Monat). Es wird am 1. des nächsten Monats (UTC) zurückgesetzt.',
  raiseServerMonthly: 'Ein Admin (Server verwalten) kann es mit /budget set monthly erhöhen.',
  raiseMemberDaily:
    'Ein Admin (Server verwalten) kann es mit /budget set daily_per_member erhöhen, oder für eine Rolle mit /budget role set daily.',
  raiseMemberMonthly: 'Ein Admin (Server verwalten) kann es mit /budget role set monthly erhöhen.',
  // Paid plans (PLANS_FILE): refusals, and /usage show
  planSpentFigures:
    'Das Kontingent des Tarifs dieses Servers für diesen Monat ist aufgebraucht ({{spent}} von {{allowance}}), und er hat kein gekauftes Guthaben mehr.',
  planNoRoomFigures:
    'Diese Anfrage könnte mehr kosten als die {{left}}, die diesen Monat vom Kontingent des Tarifs und vom Guthaben dieses Servers übrig sind ({{spent}} von {{allowance}} verbraucht, Guthaben {{credit}}).',
  planSpent:
    'Dieser Server hat das Kontingent seines Tarifs für diesen Monat verbraucht; es wird am 1. des nächsten Monats (UTC) erneuert.',
  planNoRoom:
    'Diese Anfrage könnte mehr kosten, als diesen Monat vom Kontingent des Tarifs dieses Servers übrig ist.',
  planAddMore:
    'Ein Server-Admin kann im Shop der App ein Abo für den Server abschließen oder Guthaben kaufen; ein Mitglieder-Abo deckt deine eigenen Fragen ab.',
  planLine:
    'Tarif: {{plan}}; {{left}} vom Kontingent dieses Monats ({{allowance}}) übrig; Guthaben {{credit}}.',
  planFree: 'kostenloses Kontingent',
  planSubscribed: 'Server-Abo ({{count}})',
  planCredits: 'Guthabenpakete: {{count}}, insgesamt {{money}}; das letzte am {{day}}.',
  // Channel messages
  alertReached:
    '📈 Die Ausgaben dieses Servers für den Bot haben diesen Monat {{percent}} % des Limits erreicht: {{spent}} von {{cap}}.',
  alertRefusing: 'Neue Anfragen werden abgelehnt, bis das Limit erhöht wird (/budget) oder der Monat endet.',
  costImage: '💰 {{money}}',
  costChat: '💰 {{money}} · {{tokens}}',
  costChatEstimated: '💰 {{money}} · {{tokens}} (geschätzt)',
};

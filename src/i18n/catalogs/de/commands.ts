/** Command names (where given), descriptions and choice names: see i18n/commandLocalizations.ts. */
export default {
  'ask.description': 'Das Modell fragen; das Gespräch in diesem Kanal knüpft an frühere Nachrichten an',
  'ask.prompt.description':
    'Deine Frage (weglassen, um sie in einem Formular mit Zeilenumbrüchen zu schreiben)',
  'ask.file.description': 'Eine Datei, zu der du fragst: Text, Code, CSV, JSON, PDF oder Word (.docx)',
  'ask.model.description': 'Welches Modell antwortet (Standard: die Einstellung des Kanals oder Servers)',
  'ask.temperature.description': 'Zufälligkeit, 0 bis 2',
  'ask.max_tokens.description': 'Längste Antwort, in Tokens',
  'ask.thread.description':
    'Einen Thread aus der Antwort öffnen; das Gespräch geht dort mit eigenem Gedächtnis weiter',
  'imagine.description': 'Aus einer Beschreibung 1–4 Bilder erzeugen',
  'imagine.prompt.description': 'Was das Bild zeigen soll',
  'imagine.size.description': 'Bildgröße (Standard: 1024x1024)',
  'imagine.n.description': 'Wie viele Bilder (1–4, Standard: 1)',
  'reset.description': 'Das Gespräch dieses Kanals mit dem Bot vergessen',
  'system.description':
    'Der Systemprompt eines Kanals: Anweisungen, die dort vor jedem Gespräch gesendet werden',
  'system.set.description': 'Den Systemprompt festlegen',
  'system.set.prompt.description':
    'Die Anweisungen (weglassen, um sie in einem Formular mit Zeilenumbrüchen zu schreiben)',
  'system.set.channel.description': 'Welcher Kanal (Standard: dieser)',
  'system.show.description': 'Den Systemprompt anzeigen',
  'system.show.channel.description': 'Welcher Kanal (Standard: dieser)',
  'system.clear.description': 'Den Systemprompt entfernen',
  'system.clear.channel.description': 'Welcher Kanal (Standard: dieser)',
  'config.description': 'Wie sich der Bot auf diesem Server verhält',
  'config.show.description': 'Die geltenden Einstellungen (in einem Kanal) und woher jede stammt',
  'config.show.channel.description': 'Welcher Kanal (Standard: dieser)',
  'config.service-key.description': 'Den eigenen Dienstschlüssel dieses Servers (seine Anfragen nutzen ihn)',
  'config.service-key.set.description':
    'Den Schlüssel dieses Servers setzen (in einem Formular, nie im Befehl)',
  'config.service-key.show.description':
    'Ob ein Schlüssel gesetzt ist, seine letzten vier Zeichen, wer ihn wann gesetzt hat',
  'config.service-key.clear.description':
    'Den Schlüssel dieses Servers entfernen: Anfragen nutzen wieder den des Betreibers',
  'config.set.description': 'Standardwerte für den Server oder für einen Kanal',
  'config.set.model.description': 'Standardmodell',
  'config.set.temperature.description': 'Standardtemperatur, 0 bis 2',
  'config.set.max_tokens.description':
    'Längste Antwort in Tokens: Standard und Obergrenze für /ask max_tokens',
  'config.set.history_tokens.description':
    'Wie viel Gespräch (geschätzte Tokens) mit jeder Anfrage gesendet wird',
  'config.set.rate_limit.description': 'Anfragen pro Mitglied und Minute (serverweit)',
  'config.set.channel.description': 'Nur für diesen Kanal (model, temperature, max_tokens, history_tokens)',
  'config.clear.description':
    'Eine Einstellung auf die nächste Ebene zurücksetzen (Kanal → Server → Bot-Standard)',
  'config.clear.setting.description': 'Welche Einstellung',
  'config.clear.channel.description': 'Nur für diesen Kanal (model, temperature, max_tokens, history_tokens)',
  'config.models.description': 'Welche Modelle Mitglieder nutzen dürfen',
  'config.models.allowed.description': '„all“ oder Modellnamen, durch Kommas getrennt',
  'config.channels.description': 'Wo der Bot antwortet (Standard: überall, wo er mitlesen kann)',
  'config.channels.action.description':
    'Einen Kanal zur Liste hinzufügen oder daraus entfernen, oder überall antworten',
  'config.channels.action.choice.allow': 'zulassen',
  'config.channels.action.choice.remove': 'entfernen',
  'config.channels.action.choice.everywhere': 'überall',
  'config.channels.channel.description': 'Der Kanal (für zulassen und entfernen)',
  'config.features.description': 'Zeilen unter Antworten, und ob der Bot auf Erwähnungen antwortet',
  'config.features.cost_line.description': 'Anzeigen, was jede Antwort gekostet hat',
  'config.features.context_line.description': 'Anzeigen, wie voll das Gedächtnis des Gesprächs ist',
  'config.features.answer_mentions.description':
    'Auf Nachrichten antworten, die den Bot erwähnen oder ihm antworten (DMs bleiben unberührt)',
  'config.features.fallback.description':
    'Lehnt das Limit eines Mitglieds ein Modell ab, mit dem günstigsten passenden erlaubten antworten',
  'config.features.answer_in_language.description':
    'Antworten in der Sprache des fragenden Mitglieds (seine Discord-Sprache)',
  'config.features.classic_layout.description':
    'Im klassischen Layout (einfacher Text) statt in Karten antworten',
  'usage.description': 'Die Ausgaben dieses Servers für den Bot',
  'usage.show.description': 'Summen nach Modell und Mitglied, Budgetstand und ein Tagesdiagramm',
  'usage.show.period.description': 'Welcher Zeitraum (Standard: dieser Monat)',
  'usage.show.period.choice.this-month': 'Dieser Monat',
  'usage.show.period.choice.last-month': 'Letzter Monat',
  'usage.show.period.choice.today': 'Heute',
  'usage.show.period.choice.last-7-days': 'Letzte 7 Tage',
  'usage.show.period.choice.last-30-days': 'Letzte 30 Tage',
  'usage.show.period.choice.all-time': 'Gesamter Zeitraum',
  'usage.export.description': 'Jede abgerechnete Anfrage des Zeitraums (oder von from/to) als CSV-Dateien',
  'usage.export.period.description': 'Welcher Zeitraum (Standard: dieser Monat)',
  'usage.export.period.choice.this-month': 'Dieser Monat',
  'usage.export.period.choice.last-month': 'Letzter Monat',
  'usage.export.period.choice.today': 'Heute',
  'usage.export.period.choice.last-7-days': 'Letzte 7 Tage',
  'usage.export.period.choice.last-30-days': 'Letzte 30 Tage',
  'usage.export.period.choice.all-time': 'Gesamter Zeitraum',
  'usage.export.from.description':
    'Erster Tag, JJJJ-MM-TT in UTC (statt period; Standard: der erste mit Ausgaben)',
  'usage.export.to.description': 'Letzter Tag, JJJJ-MM-TT in UTC (statt period; Standard: heute)',
  'budget.description': 'Ausgabenlimits dieses Servers für den Bot',
  'budget.show.description': 'Die Limits und die Ausgaben dieses Monats anzeigen',
  'budget.set.description': 'Ein Monatslimit für den Server und/oder ein Tageslimit pro Mitglied festlegen',
  'budget.set.monthly.description': 'Monatslimit für den ganzen Server, in der Währung der Preisliste',
  'budget.set.daily_per_member.description': 'Tageslimit pro Mitglied, in der Währung der Preisliste',
  'budget.clear.description': 'Ein Limit entfernen',
  'budget.clear.which.description': 'Welches Limit',
  'budget.clear.which.choice.monthly': 'monatlich',
  'budget.clear.which.choice.daily_per_member': 'täglich pro Mitglied',
  'budget.clear.which.choice.both': 'beide',
  'budget.alerts.description': 'Wo 80 % und 100 % des Monatslimits gemeldet werden',
  'budget.alerts.channel.description': 'Kanal für die Meldungen',
  'budget.role.description': 'Regeln pro Rolle: Limits pro Mitglied, Modelle, /imagine',
  'budget.role.set.description':
    'Die Regel einer Rolle festlegen (nicht angegebene Felder bleiben; höchstens 50 Regeln)',
  'budget.role.set.role.description': 'Die Rolle',
  'budget.role.set.daily.description':
    'Tageslimit pro Mitglied mit dieser Rolle, in der Währung der Preisliste',
  'budget.role.set.monthly.description':
    'Monatslimit pro Mitglied mit dieser Rolle, in der Währung der Preisliste',
  'budget.role.set.models.description':
    'Chatmodelle, die die Rolle nutzen darf: „all“ oder Namen, durch Kommas getrennt',
  'budget.role.set.imagine.description': 'Darf /imagine nutzen',
  'budget.role.clear.description': 'Die Regel einer Rolle entfernen',
  'budget.role.clear.role.description': 'Die Rolle',
  'budget.role.show.description': 'Die Regeln pro Rolle anzeigen',
  'Ask about this message.name': 'Zu dieser Nachricht fragen',
  'Summarize from here.name': 'Ab hier zusammenfassen',
};

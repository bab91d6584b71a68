export default {
  // /config
  manageServerOnly:
    'Nur Mitglieder mit der Berechtigung „Server verwalten“ können die Einstellungen des Bots ändern.',
  saved: '✅ Gespeichert.',
  chooseChannelAction: 'Wähle zulassen, entfernen oder überall.',
  giveChannelToAllow: 'Gib den Kanal an, der erlaubt werden soll.',
  giveChannelToRemove: 'Gib den Kanal an, der entfernt werden soll.',
  unknownSetting: 'Unbekannte Einstellung.',
  clearRateLimitServerWide: 'rate_limit gilt für den ganzen Server: Setze es ohne Kanal zurück.',
  setRateLimitServerWide: 'rate_limit gilt für den ganzen Server: Lege es ohne Kanal fest.',
  giveAFeature:
    'Gib mindestens eine dieser Optionen an: cost_line, context_line, answer_mentions, fallback, answer_in_language, classic_layout.',
  giveASetting: 'Gib mindestens eine Einstellung an, die geändert werden soll.',
  modelNotAmongAllowed: '{{model}} gehört nicht zu den erlaubten Modellen (/config models).',
  // /config show
  sourceOption: 'Befehlsoption',
  sourceChannel: 'Kanal',
  sourceGuild: 'Server',
  sourceDefault: 'Standard des Bots',
  showHeader:
    '**In {{channel}}** (eine Befehlsoption geht vor dem Kanal, der Kanal vor dem Server, der Server vor dem Standard des Bots):',
  showModel: '• Modell: {{model}} ({{source}})',
  showTemperature: '• Temperatur: {{temperature}} ({{source}})',
  serviceDefault: 'der Standard des Dienstes',
  showMaxTokens: '• Höchstens Tokens pro Antwort: {{maxTokens}} ({{source}})',
  showHistory_one: '• Verlaufsbudget: {{count, number}} Token ({{source}})',
  showHistory_other: '• Verlaufsbudget: {{count, number}} Tokens ({{source}})',
  showSystemPrompt_one: '• Systemprompt: festgelegt, {{count, number}} Zeichen (/system show)',
  showSystemPrompt_other: '• Systemprompt: festgelegt, {{count, number}} Zeichen (/system show)',
  showNoSystemPrompt: '• Systemprompt: keiner',
  showServerWide: '**Für den ganzen Server:**',
  showAllowedModels: '• Erlaubte Modelle: {{models}}',
  allModels: 'alle',
  none: 'keine',
  showChannels: '• Kanäle: {{channels}}',
  everywhere: 'überall, wo der Bot mitlesen kann',
  showMentions: '• Antwortet auf Erwähnungen und Antworten: {{state}}',
  yes: 'ja',
  no: 'nein',
  showUnderReplies: '• Unter Antworten: Kosten {{cost}}, Kontext {{context}}',
  shown: 'angezeigt',
  hidden: 'ausgeblendet',
  showFallback: '• Ausweichen auf ein günstigeres Modell, wenn das Limit eines Mitglieds ablehnt: {{state}}',
  showAnswerInLanguage: '• Antwortet in der Sprache des fragenden Mitglieds: {{state}}',
  showClassicLayout: '• Antwortet im klassischen Discord-Layout (einfacher Text) statt in Karten: {{state}}',
  on: 'an',
  off: 'aus',
  showRateLimit_one: '• Ratenlimit: {{count, number}} Anfrage pro Mitglied und Minute',
  showRateLimit_other: '• Ratenlimit: {{count, number}} Anfragen pro Mitglied und Minute',
  showRateLimitDefault_one:
    '• Ratenlimit: {{count, number}} Anfrage pro Mitglied und Minute (Standard des Bots)',
  showRateLimitDefault_other:
    '• Ratenlimit: {{count, number}} Anfragen pro Mitglied und Minute (Standard des Bots)',
  // /system
  manageChannelsHere:
    'Nur Mitglieder mit der Berechtigung „Kanäle verwalten“ in diesem Kanal können seinen Systemprompt ändern.',
  manageChannelsIn:
    'Nur Mitglieder mit der Berechtigung „Kanäle verwalten“ in {{channel}} können seinen Systemprompt ändern.',
  systemFormExpired:
    'Dieses Formular ist abgelaufen (ein /system-Formular gilt eine Stunde lang). Nutze /system set noch einmal.',
  systemFormNeedsManageChannels:
    'Dieses Formular braucht die Berechtigung „Kanäle verwalten“ in dem Kanal, aus dem du es absendest, und die hast du jetzt nicht. Nutze /system set direkt in {{channel}}.',
  systemFormTitle: 'Systemprompt festlegen',
  systemFormLabel: 'Anweisungen',
  systemFormDescription_one: 'Wird vor jedem Gespräch im Kanal gesendet. Bis zu {{count, number}} Zeichen.',
  systemFormDescription_other: 'Wird vor jedem Gespräch im Kanal gesendet. Bis zu {{count, number}} Zeichen.',
  systemPromptSet_one: 'Systemprompt von {{channel}} festgelegt ({{count, number}} Zeichen):',
  systemPromptSet_other: 'Systemprompt von {{channel}} festgelegt ({{count, number}} Zeichen):',
  systemPromptCleared: '{{channel}} hat jetzt keinen eigenen Systemprompt mehr.',
  systemPromptShown: 'Systemprompt von {{channel}}:',
  noSystemPrompt: '{{channel}} hat keinen eigenen Systemprompt.',
  // /reset
  manageMessagesToReset:
    'Nur Mitglieder mit der Berechtigung „Nachrichten verwalten“ in diesem Kanal können sein Gespräch zurücksetzen.',
  resetDone:
    '🧹 {{name}} hat das Gespräch dieses Kanals zurückgesetzt: Der Bot hat es vergessen, und die nächste Nachricht beginnt ein neues.',
  // Ablehnungen durch die Einstellungen
  whereOption: 'deiner Befehlsoption',
  whereChannel: 'der Einstellung dieses Kanals',
  whereGuild: 'der Einstellung dieses Servers',
  whereDefault: 'dem Standard des Bots',
  whereRegenerated: 'den Optionen der Antwort, die neu erzeugt wird',
  modelNotAllowed:
    'Das Modell {{model}} (aus {{where}}) ist auf diesem Server nicht erlaubt: Die Einstellung der erlaubten Modelle (/config models) erlaubt {{allowed}}.',
  maxTokensAtMost: 'max_tokens darf hier höchstens {{max}} sein ({{where}}).',
  maxTokensAtMostConfig: 'max_tokens darf hier höchstens {{max}} sein ({{where}}, /config).',
  listModels: 'Nenne ein oder mehrere Modelle, oder „all“: {{models}}.',
  unknownModels: 'Unbekanntes Modell {{unknown}}. Wähle aus: {{models}}.',
  // Optionen einer Anfrage
  unknownModel: 'Unbekanntes Modell. Wähle eines von: {{models}}.',
  temperatureRule: 'temperature muss eine Zahl von {{min}} bis {{max}} sein.',
  wholeNumberRule: '{{name}} muss eine ganze Zahl von {{min}} bis {{max}} sein.',
  wholeNumberRuleOperator:
    '{{name}} muss eine ganze Zahl von {{min}} bis {{max}} sein (das Limit des Bot-Betreibers).',
  optionsInvalid: 'Diese Optionen sind nicht gültig.',
  // Regeln pro Rolle
  modelNotForRoles:
    'Das Modell {{model}} ist für deine Rollen auf diesem Server nicht erlaubt: Ihre Regel (/budget role) erlaubt {{allowed}}.',
  imagineNotForRoles: 'Deine Rollen auf diesem Server erlauben /imagine nicht (ihre Regel, /budget role).',
  // A server's own service key (/config service-key)
  serviceKeyNeedsEncryption:
    'Server können hier keinen eigenen Dienstschlüssel hinterlegen: Der Betreiber des Bots hat DATA_ENCRYPTION_KEY nicht gesetzt, womit solche Schlüssel versiegelt gespeichert werden. Bitte den Betreiber, ihn zu setzen.',
  serviceKeyFormTitle: 'Dienstschlüssel dieses Servers',
  serviceKeyFormLabel: 'API-Schlüssel des Dienstes',
  serviceKeyFormDescription:
    'Wird versiegelt gespeichert und nie wieder angezeigt; die Anfragen dieses Servers nutzen ihn.',
  serviceKeySaved:
    '✅ Der Schlüssel mit der Endung …{{last4}} ist gespeichert. Die Anfragen dieses Servers nutzen ihn jetzt und gehen nicht auf Kosten des Bot-Betreibers.',
  serviceKeyShown:
    'Dieser Server nutzt einen eigenen Dienstschlüssel mit der Endung …{{last4}}, gesetzt von {{user}} {{when}}.',
  serviceKeyNone:
    'Dieser Server hat keinen eigenen Dienstschlüssel: Seine Anfragen nutzen den Schlüssel des Bot-Betreibers.',
  serviceKeyCleared:
    '✅ Der Schlüssel dieses Servers (Endung …{{last4}}) ist entfernt: Seine Anfragen nutzen wieder den Schlüssel des Bot-Betreibers.',
  serviceKeyRefusedAlert:
    '⚠️ Der Dienst hat den eigenen Dienstschlüssel dieses Servers abgelehnt (Endung …{{last4}}, HTTP {{status}}): Anfragen damit schlagen fehl, bis ein Admin ihn ersetzt (/config service-key set) oder entfernt (/config service-key clear).',
  serviceKeyInvalid:
    'Das ist kein Dienstschlüssel: 1 bis 400 Zeichen ohne Leerzeichen oder Zeilenumbrüche. Nichts wurde gespeichert.',
};

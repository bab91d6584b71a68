/** Words of the chat namespace (see translator.ts for the conventions). */
export default {
  emptyReply: 'Das Modell hat eine leere Antwort geliefert.',
  noEndMarker:
    '⚠️ Der Dienst hat den Stream ohne Endmarkierung beendet; diese Antwort ist möglicherweise unvollständig.',
  maxTokens: 'Die Antwort hat beim max_tokens-Limit ({{maxTokens}}) aufgehört.',
  stoppedEarly: 'Der Dienst hat die Antwort vorzeitig beendet (Grund: {{reason}}).',
  cancelledInLine: '⏹️ Abgebrochen, bevor es losging; es wurde nichts berechnet.',
  storageFailed:
    '⚠️ Der Bot konnte diesen Austausch nicht speichern, daher erinnert sich die nächste Nachricht vielleicht nicht daran.',
  restartingCut: 'Der Bot startet neu, deshalb wurde diese Antwort abgeschnitten.',
  stoppedBy: '⏹️ Gestoppt von {{name}}.',
  stoppedByUncharged: '⏹️ Gestoppt von {{name}}, bevor der Dienst geantwortet hat; es wurde nichts berechnet.',
  context: 'Kontext {{percent}} %',
  contextDropping:
    'Kontext {{percent}} % · die ältesten Nachrichten passen nicht mehr hinein und werden vergessen',
  retrying: '⏳ Der Dienst konnte noch nicht antworten. Neuer Versuch in {{wait}} …',
  fallbackDaily: 'beantwortet mit {{model}}: dein Tageslimit würde {{refused}} nicht abdecken',
  fallbackMonthly: 'beantwortet mit {{model}}: dein Monatslimit würde {{refused}} nicht abdecken',
  waitingNext: '⏳ Warte auf die Antwort vor deiner in diesem Kanal …',
  waitingInLine:
    '⏳ Du bist Nummer {{ahead}} in der Warteschlange dieses Kanals; der Bot beantwortet hier eine Anfrage nach der anderen.',
  deadlineReason:
    'Hier kann der Bot nur innerhalb von {{wait}} nach dem Befehl antworten (Discords Limit für eine App, die in deinem Konto installiert ist)',
  deadlineStopped: '{{reason}}, daher hat er die Antwort vorher beendet.',
  deadlineInLine: '⏳ {{reason}}, und diese Anfrage hat noch gewartet; es wurde nichts berechnet.',
  stop: 'Stopp',
  regenerate: 'Neu generieren',
  alreadyFinished: 'Diese Antwort ist bereits fertig.',
  stopForbidden:
    'Nur das Mitglied, das gefragt hat (oder jemand mit der Berechtigung „Nachrichten verwalten“), kann diese Antwort stoppen.',
  regenerateForbidden:
    'Nur das Mitglied, das gefragt hat (oder jemand mit der Berechtigung „Nachrichten verwalten“), kann diese Antwort neu generieren.',
  notLatest:
    'Nur die neueste Antwort einer Unterhaltung kann neu generiert werden, und diese ist nicht mehr die neueste.',
  promptEmpty: 'Deine Eingabe ist leer. Schreib etwas, das du fragen möchtest.',
  promptEmptyInstructions: 'Deine Eingabe ist leer. Schreib die Anweisungen.',
  promptEmptyQuestion: 'Deine Eingabe ist leer. Schreib eine Frage zu der Nachricht.',
  promptTooLong: 'Deine Eingabe hat {{length}} Zeichen; erlaubt sind {{limit}}.',
  mentionHint: 'Schreib deine Frage nach der Erwähnung, zum Beispiel: @me was ist eine Monade?',
  threadRule: 'thread muss true oder false sein.',
  threadsNeedTheBot:
    'Threads können nur dort geöffnet werden, wo der Server den Bot hinzugefügt hat; hier antwortet er dir als App, die in deinem Konto installiert ist.',
  threadsInServers: 'Threads können nur in einem Serverkanal geöffnet werden.',
  alreadyThread: 'Das ist schon ein Thread: frag einfach hier.',
  memberCannotCreateThreads:
    'Du kannst in diesem Kanal keine Threads erstellen, daher kann /ask keinen für dich öffnen. Frag ohne thread oder wende dich an eine Moderation.',
  threadFailed: '⚠️ Konnte keinen Thread öffnen ({{reason}}); die Unterhaltung geht in diesem Kanal weiter.',
  threadHowToContinue:
    '💬 Um in diesem Thread weiterzumachen, erwähne {{bot}} oder antworte auf seine Nachrichten: Andere Nachrichten hier sieht er nicht.',
  threadName: 'Unterhaltung',
  formTitle: '{{model}} fragen',
  formTitleAnyModel: 'Das Modell fragen',
  formLabel: 'Deine Frage',
  formDescription: 'Zeilenumbrüche bleiben erhalten. Bis zu {{limit}} Zeichen.',
  formFilesLabel: 'Dateien (optional)',
  formFilesDescription: 'Bis zu {{files}} Dateien zu je {{limit}}: Text, Code, CSV, JSON, PDF oder Word',
  continuedInFile:
    '✂️ Fortsetzung in der angehängten Datei {{file}} ({{chars}} weitere Zeichen): Discord begrenzt, wie viele Nachrichten der Bot hier für einen Befehl posten darf.',
  cutHere:
    '✂️ Hier abgeschnitten: {{chars}} weitere Zeichen werden nicht angezeigt. Discord begrenzt, wie viele Nachrichten der Bot hier für einen Befehl posten darf, und der Bot darf keine Dateien anhängen.',
  // Members' files (files/fileNote.ts): a line each under the reply, or a refusal.
  fileImage: '{{name}}: ein Bild; dieser Dienst liest nur Text',
  fileAudio: '{{name}}: Audio; dieser Dienst liest nur Text',
  fileVideo: '{{name}}: ein Video; dieser Dienst liest nur Text',
  fileArchive: '{{name}}: ein Archiv; der Bot entpackt keine Archive',
  fileBinary: '{{name}}: weder Text noch PDF noch Word-Dokument, daher nicht gelesen',
  fileEncrypted: '{{name}}: das PDF ist verschlüsselt, daher nicht gelesen',
  fileNoText: '{{name}}: keine Textebene (ein Scan?), daher nicht gelesen',
  fileDamaged: '{{name}}: beschädigt oder nicht, was es zu sein scheint, daher nicht gelesen',
  fileDeadline: '{{name}}: das Lesen dauerte zu lange, daher nicht gelesen',
  fileTooLarge: '{{name}}: braucht zum Lesen mehr Speicher, als der Bot erlaubt, daher nicht gelesen',
  fileBusy: '{{name}}: der Bot liest gerade zu viele Dateien; versuch es gleich noch einmal',
  fileCancelled: '{{name}}: das Lesen wurde abgebrochen',
  fileNotDiscord: '{{name}}: keine Discord-Anhangsadresse, daher nicht abgerufen',
  fileTooBig: '{{name}} ist {{size}} groß; der Bot liest Dateien bis {{limit}}.',
  fileTooBigTogether:
    '{{name}}: nicht gelesen, die Dateien zusammen sind größer als die {{limit}}, die der Bot liest',
  fileUnpacksTooLarge: '{{name}}: würde entpackt größer als {{limit}}, daher nicht gelesen',
  fileDownloadFailed: '{{name}}: konnte nicht heruntergeladen werden ({{reason}})',
  filePagesCut: '{{name}}: Seiten 1-{{read}} von {{total}} gelesen',
  fileCharsCut: '{{name}}: die ersten {{read}} von {{total}} Zeichen gelesen',
  fileDefaultQuestion: 'Was steht in dieser Datei?',
};

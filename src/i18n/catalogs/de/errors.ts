/** Words of the errors namespace (see translator.ts for the conventions). */
export default {
  serviceSaid: 'Der Dienst sagte: „{{detail}}“',
  serviceAuth:
    'Der Dienst hat den API-Schlüssel dieses Bots abgelehnt (HTTP {{status}}). Ein Bot-Admin muss den Schlüssel korrigieren; es wurde nichts berechnet.',
  serviceOwnKeyRefused:
    'Der Dienst hat den eigenen Dienst-Schlüssel dieses Servers abgelehnt (HTTP {{status}}); es wurde nichts berechnet. Ein Admin kann ihn mit /config service-key show prüfen.',
  serviceQuota:
    'Laut Dienst ist das Kontingent des Bot-Kontos aufgebraucht.{{said}} Ein Bot-Admin muss es aufladen.',
  serviceBusy: 'Der Dienst ist gerade ausgelastet (Ratenlimit). Bitte versuch es gleich noch einmal.',
  serviceBusyWait:
    'Der Dienst ist gerade ausgelastet (Ratenlimit). Bitte versuch es in {{wait}} noch einmal.',
  serviceUnavailable:
    'Der Dienst ist gerade nicht erreichbar (HTTP {{status}}). Bitte versuch es gleich noch einmal.',
  serviceRefused: 'Der Dienst hat die Anfrage abgelehnt (HTTP {{status}}).{{said}}',
  serviceCancelled: 'Die Anfrage wurde abgebrochen.',
  serviceNoStart:
    'Der Dienst hat nicht innerhalb von {{wait}} zu antworten begonnen. Bitte versuch es noch einmal.',
  serviceUnreachable:
    'Der Bot konnte den Dienst nicht erreichen ({{reason}}). Bitte versuch es gleich noch einmal.',
  connectTimedOut: 'Zeitüberschreitung beim Verbinden',
  serviceFailedEarly:
    'Die Anfrage an den Dienst ist fehlgeschlagen, bevor sie beantwortet wurde. Bitte versuch es noch einmal.',
  replyCut: 'Die Antwort wurde abgeschnitten.',
  noReply: 'Es kam keine Antwort.',
  replyTooLong: 'Die Antwort hat länger als {{wait}} gedauert, daher hat der Bot sie gestoppt.',
  answerTooLarge: 'Der Dienst hat eine Antwort größer als {{size}} gesendet, die der Bot nicht liest.',
  eventTooLarge:
    'Der Dienst hat mehr als {{size}} in einem einzigen Stream-Ereignis gesendet, daher hat der Bot aufgehört zu lesen.',
  serviceSilent: 'Der Dienst hat {{wait}} lang nichts gesendet, daher hat der Bot aufgehört zu warten.',
  connectionDropped: 'Die Verbindung zum Dienst ist mitten in der Antwort abgebrochen.',
  serviceReported: 'Der Dienst hat einen Fehler gemeldet: „{{message}}“.',
  serviceReportedMidReply: 'Der Dienst hat mitten in der Antwort einen Fehler gemeldet: „{{message}}“.',
  unreadableReply: 'Der Dienst hat eine Antwort gesendet, die der Bot nicht lesen kann.',
  unreadableImages: 'Der Dienst hat geantwortet, aber ohne Bilder, die der Bot lesen kann.',
  characters_one: '{{count, number}} Zeichen',
  characters_other: '{{count, number}} Zeichen',
  storeUnavailable:
    '⚠️ Der Speicher des Bots ist gerade nicht verfügbar; es wurde nichts berechnet. Bitte versuch es in einer Minute noch einmal.',
  discordRefused: '⚠️ Discord hat die Anfrage des Bots abgelehnt (Fehler {{code}}: {{message}}).',
  discordBusy:
    '⚠️ Discord hat die Anfrage des Bots gerade nicht angenommen. Bitte versuch es gleich noch einmal.',
  internal:
    '⚠️ Im Bot ist etwas schiefgelaufen (Fehler-ID {{errorId}}). Der Betreiber findet die Details im Log.',
  discordSaid: 'Discord sagte: {{message}}',
  discordFailed: 'Discord ist fehlgeschlagen',
  restartingNow: '⏳ Der Bot startet neu. Bitte versuch es in einer Minute noch einmal.',
  formGone:
    'Dieses Formular funktioniert nicht mehr (es stammt vielleicht aus einer älteren Version des Bots). Benutze den Befehl noch einmal.',
  commandGone:
    'Dieser Befehl ist nicht verfügbar (er wurde vielleicht bei einem Update entfernt). Tippe /, um die aktuellen zu sehen.',
  buttonGone:
    'Dieser Button funktioniert nicht mehr (er stammt vielleicht aus einer älteren Version des Bots).',
  buttonUnsupported: 'Dieser Button wird nicht mehr unterstützt.',
  userInstallOff:
    'Der Bot funktioniert hier nur, wo ein Server ihn hinzugefügt hat: Sein Betreiber hat die Nutzung als App in deinem Konto abgeschaltet.',
  dmsOff:
    'Dieser Bot funktioniert nur auf Servern: Direktnachrichten mit ihm sind abgeschaltet. Frag ihn auf einem Server, den ihr gemeinsam habt.',
  channelNotAllowed:
    'Der Bot ist in diesem Kanal nicht aktiviert: Die Einstellung der erlaubten Kanäle dieses Servers (/config channels) schließt ihn aus.',
  chatBusy:
    'Du hast in diesem Kanal schon eine laufende Anfrage. Warte, bis sie fertig ist (oder drück ihren Stopp-Button), und frag dann noch einmal.',
  imagesBusy:
    'In diesem Kanal werden gerade schon Bilder für dich erzeugt. Warte darauf und versuch es dann noch einmal.',
  tooFastServer:
    'Du sendest Anfragen zu schnell: Dieser Server erlaubt {{perMinute}} pro Minute und Mitglied. Versuch es in {{wait}} noch einmal.',
  tooFastBot:
    'Du sendest Anfragen zu schnell: Der Bot erlaubt {{perMinute}} pro Minute und Mitglied. Versuch es in {{wait}} noch einmal.',
  refusedPublicly:
    '⛔ Diese Anfrage wurde abgelehnt. Frag noch einmal, um den Grund zu erfahren (nur du siehst ihn).',
};

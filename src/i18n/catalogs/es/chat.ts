/** Words of the chat namespace (see translator.ts for the conventions). */
export default {
  emptyReply: 'El modelo devolvió una respuesta vacía.',
  noEndMarker:
    '⚠️ El servicio terminó la transmisión sin marca de fin; puede que esta respuesta esté incompleta.',
  maxTokens: 'La respuesta se detuvo en el límite de max_tokens ({{maxTokens}}).',
  stoppedEarly: 'El servicio detuvo la respuesta antes de tiempo (motivo: {{reason}}).',
  cancelledInLine: '⏹️ Cancelado antes de empezar; no se cobró nada.',
  storageFailed:
    '⚠️ El bot no pudo guardar este intercambio, así que puede que el siguiente mensaje no lo recuerde.',
  restartingCut: 'El bot se está reiniciando, así que esta respuesta quedó cortada.',
  stoppedBy: '⏹️ Detenido por {{name}}.',
  stoppedByUncharged: '⏹️ Detenido por {{name}} antes de que el servicio respondiera; no se cobró nada.',
  context: 'contexto {{percent}} %',
  contextDropping: 'contexto {{percent}} % · los mensajes más antiguos ya no caben y se están olvidando',
  retrying: '⏳ El servicio aún no pudo responder. Reintentando en {{wait}}…',
  fallbackDaily: 'respondido con {{model}}: tu límite diario no cubriría {{refused}}',
  fallbackMonthly: 'respondido con {{model}}: tu límite mensual no cubriría {{refused}}',
  waitingNext: '⏳ Esperando la respuesta anterior a la tuya en este canal…',
  waitingInLine:
    '⏳ Eres el número {{ahead}} en la cola de este canal; aquí el bot responde una solicitud a la vez.',
  deadlineReason:
    'Aquí el bot solo puede responder dentro de los {{wait}} posteriores al comando (el límite de Discord para una app instalada en tu cuenta)',
  deadlineStopped: '{{reason}}, así que detuvo la respuesta antes.',
  deadlineInLine: '⏳ {{reason}}, y esta solicitud seguía esperando; no se cobró nada.',
  stop: 'Detener',
  regenerate: 'Regenerar',
  alreadyFinished: 'Esta respuesta ya terminó.',
  stopForbidden:
    'Solo el miembro que preguntó (o alguien con el permiso Gestionar mensajes) puede detener esta respuesta.',
  regenerateForbidden:
    'Solo el miembro que preguntó (o alguien con el permiso Gestionar mensajes) puede regenerar esta respuesta.',
  notLatest: 'Solo se puede regenerar la última respuesta de una conversación, y esta ya no es la última.',
  promptEmpty: 'Tu mensaje está vacío. Escribe algo que preguntar.',
  promptEmptyInstructions: 'Tu mensaje está vacío. Escribe las instrucciones.',
  promptEmptyQuestion: 'Tu mensaje está vacío. Escribe una pregunta sobre el mensaje.',
  promptTooLong: 'Tu mensaje tiene {{length}} caracteres; el límite es {{limit}}.',
  mentionHint: 'Escribe tu pregunta después de la mención, por ejemplo: @me ¿qué es una mónada?',
  threadRule: 'thread debe ser true o false.',
  threadsNeedTheBot:
    'Los hilos solo se pueden abrir donde el servidor añadió el bot; aquí te responde como una app instalada en tu cuenta.',
  threadsInServers: 'Los hilos solo se pueden abrir en un canal de servidor.',
  alreadyThread: 'Esto ya es un hilo: pregunta aquí directamente.',
  memberCannotCreateThreads:
    'No puedes crear hilos en este canal, así que /ask no puede abrir uno por ti. Pregunta sin thread o pídeselo a un moderador.',
  threadFailed: '⚠️ No se pudo abrir un hilo ({{reason}}); la conversación sigue en este canal.',
  threadHowToContinue:
    '💬 Para seguir en este hilo, menciona a {{bot}} o responde a sus mensajes: no ve los demás mensajes de aquí.',
  threadName: 'Conversación',
  formTitle: 'Preguntar a {{model}}',
  formTitleAnyModel: 'Preguntar al modelo',
  formLabel: 'Tu pregunta',
  formDescription: 'Los saltos de línea se conservan. Hasta {{limit}} caracteres.',
  formFilesLabel: 'Archivos (opcional)',
  formFilesDescription:
    'Hasta {{files}} archivos de {{limit}} cada uno: texto, código, CSV, JSON, PDF o Word',
  continuedInFile:
    '✂️ Continúa en el archivo adjunto {{file}} ({{chars}} caracteres más): Discord limita cuántos mensajes puede publicar aquí el bot por comando.',
  cutHere:
    '✂️ Cortado aquí: no se muestran {{chars}} caracteres más. Discord limita cuántos mensajes puede publicar aquí el bot por comando, y el bot no puede adjuntar archivos.',
  // Members' files (files/fileNote.ts): a line each under the reply, or a refusal.
  fileImage: '{{name}}: una imagen; este servicio solo lee texto',
  fileAudio: '{{name}}: audio; este servicio solo lee texto',
  fileVideo: '{{name}}: un vídeo; este servicio solo lee texto',
  fileArchive: '{{name}}: un archivo comprimido; el bot no descomprime archivos',
  fileBinary: '{{name}}: no es texto, PDF ni documento de Word, así que no se leyó',
  fileEncrypted: '{{name}}: el PDF está cifrado, así que no se leyó',
  fileNoText: '{{name}}: sin capa de texto (¿un escaneo?), así que no se leyó',
  fileDamaged: '{{name}}: dañado o no es lo que parece, así que no se leyó',
  fileDeadline: '{{name}}: leerlo tardó demasiado, así que no se leyó',
  fileTooLarge: '{{name}}: necesita más memoria de la que el bot permite, así que no se leyó',
  fileBusy: '{{name}}: el bot está leyendo demasiados archivos ahora; inténtalo de nuevo en un momento',
  fileCancelled: '{{name}}: la lectura se canceló',
  fileNotDiscord: '{{name}}: no es una dirección de adjunto de Discord, así que no se descargó',
  fileTooBig: '{{name}} ocupa {{size}}; el bot lee archivos de hasta {{limit}}.',
  fileTooBigTogether: '{{name}}: no se leyó, los archivos juntos superan los {{limit}} que lee el bot',
  fileUnpacksTooLarge: '{{name}}: al descomprimirse superaría {{limit}}, así que no se leyó',
  fileDownloadFailed: '{{name}}: no se pudo descargar ({{reason}})',
  filePagesCut: '{{name}}: páginas 1-{{read}} de {{total}} leídas',
  fileCharsCut: '{{name}}: los primeros {{read}} de {{total}} caracteres leídos',
  fileDefaultQuestion: '¿Qué hay en este archivo?',
};

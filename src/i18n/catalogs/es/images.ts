/** Words of /imagine and the message commands (see translator.ts for the conventions). */
export default {
  noAttachFiles:
    'El bot no puede publicar imágenes aquí: le falta el permiso «Adjuntar archivos» en este canal.',
  rerollElsewhere:
    'Esta solicitud de imágenes se hizo en otro canal, así que solo se puede volver a generar allí.',
  buttonUnsupported: 'Este botón ya no es compatible.',
  rerollTooOld:
    'Esta solicitud de imágenes es demasiado antigua para volver a generarla. Usa /imagine de nuevo.',
  rerollNotYours: 'Solo quien pidió estas imágenes (o un moderador) puede volver a generarlas.',
  promptEmpty: 'Tu prompt está vacío. Describe la imagen que quieres.',
  promptTooLong: 'Tu prompt tiene {{length}} caracteres; el límite es {{limit}}.',
  sizeInvalid: 'size debe ser uno de estos valores: {{sizes}}.',
  nInvalid: 'n debe ser un número entero de {{min}} a {{max}}.',
  reroll: 'Volver a generar',
  progress_one: '🎨 Generando {{count, number}} imagen en {{size}} …',
  progress_many: '🎨 Generando {{count, number}} de imágenes en {{size}} …',
  progress_other: '🎨 Generando {{count, number}} imágenes en {{size}} …',
  imageCount_one: '{{count, number}} imagen',
  imageCount_many: '{{count, number}} de imágenes',
  imageCount_other: '{{count, number}} imágenes',
  noLink: 'Imagen {{index}}: el servicio no envió ningún enlace para ella.',
  linksNote:
    'El bot no puede adjuntar archivos aquí, así que estos son los enlaces del servicio (pueden caducar).',
  restarting: 'El bot se está reiniciando; no se generó nada.',
  notReadyInTime:
    'Aquí el bot solo puede responder dentro de los {{wait}} posteriores al comando (el límite de Discord para una app instalada en tu cuenta), y las imágenes no estuvieron listas a tiempo; no se cobró nada.',
  fewerReturned_one: 'El servicio devolvió {{got}} de {{count, number}} imagen.',
  fewerReturned_many: 'El servicio devolvió {{got}} de {{count, number}} de imágenes.',
  fewerReturned_other: 'El servicio devolvió {{got}} de {{count, number}} imágenes.',
  tooLargeHere:
    'La imagen {{index}} es demasiado grande para subirla aquí (más de {{megabytes}} MB): <{{url}}> (el enlace puede caducar).',
  notDownloaded: 'No se pudo descargar la imagen {{index}}: {{reason}}.',
  imagesOf: 'Imágenes {{numbers}} de {{total}}',
  notPosted: '⚠️ No se pudieron publicar las imágenes {{numbers}} ({{reason}}).',
  downloadNoUrl: 'el servicio no envió ninguna URL para ella',
  downloadInvalidUrl: 'el servicio no envió ninguna URL de imagen válida',
  downloadNotHttp: 'el servicio envió una URL de imagen que no es HTTP',
  downloadInternal:
    'el host de la imagen está en una red privada o interna, de la que el bot no descarga nada',
  downloadRedirectNotHttp: 'el host de la imagen redirigió a una dirección que no es http(s)',
  downloadStoppedResponding: 'el host de la imagen dejó de responder',
  downloadNoConnection: 'el host de la imagen no aceptó la conexión',
  downloadFailedCode: 'la descarga falló ({{code}})',
  downloadFailed: 'la descarga falló',
  downloadTooManyRedirects: 'el host de la imagen redirigió demasiadas veces',
  downloadStatus: 'el host de la imagen respondió HTTP {{status}}',
  downloadTooLarge: 'la imagen es demasiado grande para subirla',
  downloadNotPng: 'el archivo no es una imagen PNG',
  downloadCancelled: 'la descarga se canceló',
  downloadTooSlow: 'el host de la imagen tardó más de {{wait}}',
  askFormTitle: 'Preguntar sobre este mensaje',
  askFormLabel: 'Tu pregunta sobre el mensaje',
  askFormDescription: 'Los saltos de línea se mantienen. Hasta {{limit}} caracteres.',
  askQuestionEmpty: 'Tu prompt está vacío. Escribe una pregunta sobre el mensaje.',
  nothingToAskAbout:
    'Este mensaje no tiene texto ni archivo de texto que el bot pueda leer (las imágenes y otros archivos no se leen). Elige un mensaje con texto o usa /ask.',
  askFormExpired:
    'Este formulario ha caducado (un formulario guarda su mensaje durante una hora). Vuelve a usar «Preguntar sobre este mensaje» en el mensaje.',
  askAboutHead: '-# ↪️ Sobre un mensaje de {{author}}: {{link}}',
  botNotInChannel:
    'El bot no puede leer este chat: no es miembro aquí (lo estás usando desde las apps de tu propia cuenta). «Resumir desde aquí» funciona donde está el propio bot: los servidores que lo añadieron y tu MD con él.',
  cannotReadHistory:
    'El bot no puede leer los mensajes de este canal: necesita aquí «Ver canal» y «Leer el historial de mensajes». Un admin del servidor puede dárselos en los permisos del canal.',
  memberCannotReadHistory:
    'No puedes leer tú el historial de este canal: «Resumir desde aquí» requiere que también tú tengas aquí «Ver canal» y «Leer el historial de mensajes».',
  summaryHead_one: '-# ↪️ Resumen de {{count, number}} mensaje desde {{link}}',
  summaryHead_many: '-# ↪️ Resumen de {{count, number}} de mensajes desde {{link}}',
  summaryHead_other: '-# ↪️ Resumen de {{count, number}} mensajes desde {{link}}',
  summaryOmitted_one:
    'Se dejó fuera el mensaje más antiguo para ajustarse al presupuesto de historial de este canal.',
  summaryOmitted_many:
    'Se dejaron fuera los {{count, number}} de mensajes más antiguos para ajustarse al presupuesto de historial de este canal.',
  summaryOmitted_other:
    'Se dejaron fuera los {{count, number}} mensajes más antiguos para ajustarse al presupuesto de historial de este canal.',
};

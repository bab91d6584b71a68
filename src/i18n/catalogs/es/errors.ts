/** Words of the errors namespace (see translator.ts for the conventions). */
export default {
  serviceSaid: 'El servicio dijo: «{{detail}}»',
  serviceAuth:
    'El servicio rechazó la clave de API de este bot (HTTP {{status}}). Un administrador del bot debe corregir la clave; no se cobró nada.',
  serviceOwnKeyRefused:
    'El servicio rechazó la clave de servicio propia de este servidor (HTTP {{status}}); no se cobró nada. Un administrador puede revisarla con /config service-key show.',
  serviceQuota:
    'El servicio dice que la cuenta de este bot se quedó sin cuota.{{said}} Un administrador del bot debe recargarla.',
  serviceBusy:
    'El servicio está saturado ahora mismo (límite de frecuencia). Vuelve a intentarlo en un momento.',
  serviceBusyWait:
    'El servicio está saturado ahora mismo (límite de frecuencia). Vuelve a intentarlo en {{wait}}.',
  serviceUnavailable:
    'El servicio no está disponible ahora mismo (HTTP {{status}}). Vuelve a intentarlo en un momento.',
  serviceRefused: 'El servicio rechazó la solicitud (HTTP {{status}}).{{said}}',
  serviceCancelled: 'La solicitud se canceló.',
  serviceNoStart: 'El servicio no empezó a responder en {{wait}}. Vuelve a intentarlo.',
  serviceUnreachable:
    'El bot no pudo conectar con el servicio ({{reason}}). Vuelve a intentarlo en un momento.',
  connectTimedOut: 'se agotó el tiempo de conexión',
  serviceFailedEarly: 'La solicitud al servicio falló antes de recibir respuesta. Vuelve a intentarlo.',
  replyCut: 'La respuesta quedó cortada.',
  noReply: 'No llegó ninguna respuesta.',
  replyTooLong: 'La respuesta tardó más de {{wait}}, así que el bot la detuvo.',
  answerTooLarge: 'El servicio envió una respuesta de más de {{size}}, que el bot no lee.',
  eventTooLarge:
    'El servicio envió más de {{size}} en un solo evento de la transmisión, así que el bot dejó de leer.',
  serviceSilent: 'El servicio no envió nada durante {{wait}}, así que el bot dejó de esperar.',
  connectionDropped: 'La conexión con el servicio se cortó a mitad de la respuesta.',
  serviceReported: 'El servicio informó de un error: «{{message}}».',
  serviceReportedMidReply: 'El servicio informó de un error a mitad de la respuesta: «{{message}}».',
  unreadableReply: 'El servicio envió una respuesta que el bot no puede leer.',
  unreadableImages: 'El servicio respondió, pero sin imágenes que el bot pueda leer.',
  characters_one: '{{count, number}} carácter',
  characters_many: '{{count, number}} de caracteres',
  characters_other: '{{count, number}} caracteres',
  storeUnavailable:
    '⚠️ El almacenamiento del bot no está disponible ahora mismo; no se cobró nada. Vuelve a intentarlo en un minuto.',
  discordRefused: '⚠️ Discord rechazó la solicitud del bot (error {{code}}: {{message}}).',
  discordBusy: '⚠️ Discord no aceptó la solicitud del bot en este momento. Vuelve a intentarlo en un momento.',
  internal:
    '⚠️ Algo salió mal dentro del bot (id de error {{errorId}}). El operador puede encontrarlo en el registro.',
  discordSaid: 'Discord dijo: {{message}}',
  discordFailed: 'Discord falló',
  restartingNow: '⏳ El bot se está reiniciando. Vuelve a intentarlo en un minuto.',
  formGone:
    'Este formulario ya no funciona (puede que sea de una versión anterior del bot). Vuelve a usar el comando.',
  commandGone:
    'Este comando no está disponible (puede que se haya eliminado en una actualización). Escribe / para ver los actuales.',
  buttonGone: 'Este botón ya no funciona (puede que sea de una versión anterior del bot).',
  buttonUnsupported: 'Este botón ya no es compatible.',
  userInstallOff:
    'Aquí el bot solo funciona donde un servidor lo añadió: su operador desactivó su uso como app instalada en tu cuenta.',
  dmsOff:
    'Este bot solo funciona en servidores: los mensajes directos con él están desactivados. Pregúntale en un servidor que compartáis.',
  channelNotAllowed:
    'El bot no está activado en este canal: el ajuste de canales permitidos de este servidor (/config channels) lo excluye.',
  chatBusy:
    'Ya tienes una solicitud en curso en este canal. Espera a que termine (o pulsa su botón Detener) y vuelve a preguntar.',
  imagesBusy: 'Ya se están generando imágenes para ti en este canal. Espéralas y vuelve a intentarlo.',
  tooFastServer:
    'Estás enviando solicitudes demasiado rápido: este servidor permite {{perMinute}} por minuto y miembro. Vuelve a intentarlo en {{wait}}.',
  tooFastBot:
    'Estás enviando solicitudes demasiado rápido: el bot permite {{perMinute}} por minuto y miembro. Vuelve a intentarlo en {{wait}}.',
  refusedPublicly:
    '⛔ Esta solicitud fue rechazada. Vuelve a preguntar para saber por qué (solo tú lo verás).',
};

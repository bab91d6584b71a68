/** Words of the web dashboard (src/dashboard/), chosen by the browser's Accept-Language. */
export default {
  // Every page
  product: 'Panel del bot',
  signedInAs: 'Sesión iniciada como {{name}}',
  logOut: 'Cerrar sesión',
  // Refusals of a whole page
  forbiddenServer: 'No gestionas este servidor con el bot («Gestionar servidor», y el bot está en él).',
  staleForm:
    'No se pudo comprobar este formulario: se abrió antes de tu último inicio de sesión o desde otro sitio. Abre la página de nuevo y envíalo desde allí.',
  tooManyLogins:
    'Demasiados intentos de inicio de sesión desde aquí: espera un minuto y vuelve a intentarlo.',
  backToServers: 'Volver a tus servidores',
  // The login page and the server list
  loginTitle: 'Panel del bot: iniciar sesión',
  loginLead: 'Gestiona el gasto del bot en tus servidores.',
  loginLink: 'Iniciar sesión con Discord',
  loginState: 'No se pudo comprobar el inicio de sesión (state); inténtalo de nuevo.',
  loginNotAuthorized: 'Discord no autorizó el inicio de sesión.',
  loginRefused: 'Discord rechazó el inicio de sesión; inténtalo de nuevo.',
  yourServers: 'Tus servidores',
  noServers:
    'Ningún servidor que gestionar: el panel muestra los servidores donde está el bot y tienes «Gestionar servidor».',
  // A server's spend
  rangeForm: 'Del {{from}} al {{to}}',
  show: 'Mostrar',
  total_one: 'Gastado {{money}} en {{count, number}} solicitud del {{from}} al {{to}}.',
  total_many: 'Gastado {{money}} en {{count, number}} de solicitudes del {{from}} al {{to}}.',
  total_other: 'Gastado {{money}} en {{count, number}} solicitudes del {{from}} al {{to}}.',
  downloadCsv: 'Descargar CSV',
  chartTitle: 'Gasto diario, del {{from}} al {{to}}',
  byModel: 'Por modelo',
  byMember: 'Por miembro',
  byChannel: 'Por canal',
  byRole: 'Por rol',
  model: 'Modelo',
  member: 'Miembro',
  channel: 'Canal',
  role: 'Rol',
  requests: 'Solicitudes',
  cost: 'Coste',
  nothingInRange: 'Nada en este periodo',
  byRoleNote:
    'Roles con una regla por rol, como /usage show: una solicitud cuenta en cada uno de esos roles que tenía su miembro, así que las filas pueden sumar más que el total.',
  noRoleWithRule: 'Ningún rol con regla',
  datesFormat: 'Las fechas se escriben AAAA-MM-DD.',
  rangeBackwards: 'El periodo empieza después de terminar (o en el futuro).',
  rangeTooLong: 'Como mucho diez años a la vez.',
  // Budgets
  budgets: 'Presupuestos',
  monthNoCap: 'Este mes: {{spent}}, sin límite mensual.',
  monthOfCap: 'Este mes: {{spent}} de {{cap}}.',
  capBelowSpend:
    'Este límite está por debajo de los {{spent}} ya gastados este mes: las solicitudes se rechazarán hasta el día 1.',
  monthlyCapLabel: 'Límite mensual del servidor ({{currency}}, vacío: ninguno)',
  dailyCapLabel: 'Límite diario por miembro ({{currency}}, vacío: ninguno)',
  save: 'Guardar',
  appliesNext: 'Los cambios se aplican a la próxima solicitud.',
  saved: 'Guardado: se aplica a la próxima solicitud.',
  sentNotConfirmed:
    'Enviado: el proceso de este servidor aún no lo ha confirmado. Aplica el cambio en cuanto se ejecuta (en segundos); recarga para comprobarlo.',
  capsInvalid: 'Los límites son importes como 5 o 0,25, o vacíos para ninguno.',
  // Requests in progress
  inProgress: 'Solicitudes en curso',
  inProgressUnknown:
    'El proceso de este servidor no respondió a tiempo, así que ahora no se pueden mostrar las solicitudes en curso.',
  inProgressAsOf: 'Solicitudes que ocupan un hueco ahora, a las {{time}}.',
  refresh: 'Actualizar',
  kind: 'Tipo',
  started: 'Inicio',
  chat: 'chat',
  ago: 'hace {{time}}',
  noneNow: 'Ninguna ahora mismo',
  // Features and channels (/config)
  features: 'Funciones y canales',
  featureCost: 'Mostrar cuánto costó cada respuesta',
  featureContext: 'Mostrar cuánto ocupa la memoria de la conversación',
  featureMentions:
    'Responder a los mensajes que mencionan al bot o le responden (los MD no se ven afectados)',
  featureFallback:
    'Cuando el límite de un miembro rechaza un modelo, responder con el más barato permitido que quepa',
  featureLanguage: 'Responder en el idioma del miembro que pregunta (su idioma de Discord)',
  featureClassicLayout:
    'Responder con el diseño clásico de Discord (mensajes de texto simple) en lugar de tarjetas',
  where: 'Dónde responde el bot',
  everywhere: 'En todas partes donde puede leer',
  listedOnly: 'Solo en los canales marcados (los hilos siguen a su canal):',
  channelGone: 'un canal que el bot ya no ve',
  channelsUnknown:
    'Este proceso no ve los canales del servidor: elige «en todas partes» o usa /config channels en Discord.',
  configNote:
    'Los mismos ajustes que /config features y /config channels; los cambios se aplican a la próxima solicitud.',
  notACheckbox: '{{field}} es una casilla: «on» o ausente.',
  chooseWhere: 'Elige en todas partes o los canales marcados.',
  tooManyChannels: 'Como mucho {{max}} canales.',
  unknownChannel: 'Canal desconocido: marca canales de este servidor.',
  // Rules per role
  roleRules: 'Reglas por rol',
  dailyPerMember: 'Límite diario por miembro',
  monthlyPerMember: 'Límite mensual por miembro',
  models: 'Modelos',
  serverDefault: 'el del servidor',
  none: 'ninguno',
  allAllowed: 'todos los permitidos',
  yes: 'sí',
  no: 'no',
  clear: 'Quitar',
  noRule: 'Sin reglas: cada miembro tiene los valores del servidor',
  dailyRuleLabel: 'Límite diario por miembro (vacío: el del servidor)',
  monthlyRuleLabel: 'Límite mensual por miembro (vacío: ninguno)',
  modelsLabel: 'Modelos (ninguno marcado: todos los que permite el servidor)',
  mayImagine: 'puede usar /imagine',
  saveRule: 'Guardar regla',
  mostGenerous: 'Un miembro con varios roles recibe el valor más generoso de cada campo.',
  rolesUnknown:
    'Este proceso no ve los roles del servidor: define reglas con /budget role en Discord, o recarga en un momento.',
  roleInvalid: 'Un rol, y límites como 5 o 0,25 (vacío: por defecto).',
  notARoleId: 'No es un ID de rol.',
  notARole: 'No es un rol de este servidor: elige uno de los roles del servidor.',
  everyoneRole: 'Todos tienen @everyone: fija los límites del servidor en Presupuestos, o elige otro rol.',
  // The server's own service key (/config service-key)
  serviceKey: 'Clave del servicio',
  keyNeedsEncryption:
    'Los servidores no pueden guardar aquí su propia clave del servicio: el operador del bot no ha definido DATA_ENCRYPTION_KEY, que sella esas claves en el almacén. Pídele que la defina.',
  keyNone:
    'Este servidor no tiene clave del servicio propia: sus solicitudes usan la clave del operador del bot.',
  keySet:
    'Este servidor usa su propia clave del servicio, que termina en …{{last4}}, puesta por {{user}} el {{day}} a las {{time}} UTC.',
  keyLabel: 'Nueva clave (reemplaza la actual)',
  saveKey: 'Guardar clave',
  clearKey: 'Quitar la clave',
  keyNote:
    'Lo mismo que /config service-key: la clave se guarda sellada y no se vuelve a mostrar, solo sus cuatro últimos caracteres. Las solicitudes de este servidor la usan y no se cobran al operador del bot.',
  keyInvalid:
    'Eso no es una clave del servicio: debe tener de 1 a 400 caracteres, sin espacios ni saltos de línea. No se guardó nada.',
  keyUnopened:
    'El proceso de este servidor no pudo abrir la clave (los procesos del bot no comparten un mismo DATA_ENCRYPTION_KEY). No se guardó nada.',
  // Paid plans (PLANS_FILE) and who paid this month
  planAndPayers: 'Plan y quién pagó',
  planLine:
    'Plan: {{plan}}; quedan {{left}} del cupo de {{allowance}} de este mes; saldo de crédito {{credit}}.',
  planFree: 'cupo gratuito',
  planSubscribed_one: 'suscripción del servidor',
  planSubscribed_many: '{{count, number}} de suscripciones del servidor',
  planSubscribed_other: '{{count, number}} suscripciones del servidor',
  creditPacks: 'Paquetes de crédito',
  noPacks: 'Ningún paquete de crédito comprado.',
  packCredited: 'Acreditado el',
  packAmount: 'Importe',
  packRefunded: 'reembolsado',
  whoPaid_one:
    'Este mes: {{operator}} pagados por el operador del bot, {{serverKey}} con la clave propia de este servidor ({{count, number}} solicitud).',
  whoPaid_many:
    'Este mes: {{operator}} pagados por el operador del bot, {{serverKey}} con la clave propia de este servidor ({{count, number}} de solicitudes).',
  whoPaid_other:
    'Este mes: {{operator}} pagados por el operador del bot, {{serverKey}} con la clave propia de este servidor ({{count, number}} solicitudes).',
};

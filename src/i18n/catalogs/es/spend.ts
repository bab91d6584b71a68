/** Words of the spend namespace: /usage, /budget, refusals by a cap, alerts, the cost line. */
export default {
  // /usage
  usageManageOnly: 'Solo los miembros con el permiso Gestionar servidor pueden ver el uso del servidor.',
  unknownPeriod: 'Periodo desconocido.',
  periodThisMonth: 'Este mes',
  periodLastMonth: 'El mes pasado',
  periodToday: 'Hoy',
  periodLast7Days: 'Últimos 7 días',
  periodLast30Days: 'Últimos 30 días',
  periodAllTime: 'Desde el principio',
  periodRange: '{{period}} (del {{from}} al {{to}}, UTC)',
  datesRange: 'Del {{from}} al {{to}} (UTC)',
  reportHead_one: '**Gasto · {{label}}**: {{money}} en {{count, number}} solicitud',
  reportHead_many: '**Gasto · {{label}}**: {{money}} en {{count, number}} de solicitudes',
  reportHead_other: '**Gasto · {{label}}**: {{money}} en {{count, number}} solicitudes',
  reportEstimated_one: '({{count, number}} con tokens estimados)',
  reportEstimated_many: '({{count, number}} con tokens estimados)',
  reportEstimated_other: '({{count, number}} con tokens estimados)',
  requestsShort_one: '{{count, number}} sol.',
  requestsShort_many: '{{count, number}} sol.',
  requestsShort_other: '{{count, number}} sol.',
  images_one: '{{count, number}} imagen',
  images_many: '{{count, number}} de imágenes',
  images_other: '{{count, number}} imágenes',
  tokens: '{{input}} tokens de entrada · {{output}} de salida',
  byModel: '**Por modelo**',
  modelLine: '`{{model}}`: {{requests}} · {{detail}} · {{money}}',
  topMembers: '**Miembros que más gastan**',
  memberLine: '{{rank}}. <@{{userId}}>: {{money}} ({{requests}})',
  byRole: '**Por rol** (reglas por rol; un miembro con varios cuenta en cada uno)',
  roleLine: '<@&{{roleId}}>: {{money}} ({{requests}})',
  noRoleLine: 'Sin rol con regla: {{money}} ({{requests}})',
  paidWithServerKey: 'Pagado con la clave propia de este servidor: {{money}} ({{requests}})',
  budgetLine: 'Presupuesto: {{caps}}',
  budgetMonthly: 'límite mensual {{cap}} ({{percent}} % usado este mes)',
  budgetDaily: '{{cap}} por miembro y día',
  chartTitle: 'Gasto diario · {{label}}',
  // /usage export
  exportPeriodAndDates: 'Indica un `period` o fechas `from`/`to`, no ambos.',
  exportDateFormat:
    '`{{name}}` debe ser una fecha con el formato AAAA-MM-DD (UTC), como 2026-11-01; se recibió {{value}}.',
  exportDateNotReal: '`{{name}}`: {{value}} no es una fecha del calendario.',
  exportFromAfterTo: '`from` ({{from}}) es posterior a `to` ({{to}}): no hay nada entre ambas.',
  exportFromFuture:
    '`from` ({{from}}) está en el futuro (hoy es {{today}}, UTC): todavía no hay nada que exportar.',
  billedRequests_one: '{{count, number}} solicitud facturada',
  billedRequests_many: '{{count, number}} de solicitudes facturadas',
  billedRequests_other: '{{count, number}} solicitudes facturadas',
  rows_one: '{{count, number}} fila',
  rows_many: '{{count, number}} de filas',
  rows_other: '{{count, number}} filas',
  exportSummary: '{{requests}} · {{money}} · {{label}}',
  exportSpan: '{{first}} a {{last}} UTC',
  exportNoRows: 'sin filas',
  exportOversized_one:
    '-# ⚠️ {{count, number}} solicitud omitida: una fila demasiado larga para un archivo de este tamaño (id {{ids}}).',
  exportOversized_many:
    '-# ⚠️ {{count, number}} de solicitudes omitidas: una fila demasiado larga para un archivo de este tamaño (id {{ids}}).',
  exportOversized_other:
    '-# ⚠️ {{count, number}} solicitudes omitidas: una fila demasiado larga para un archivo de este tamaño (id {{ids}}).',
  exportRetention:
    '-# Las solicitudes individuales se guardan {{days}} días (los totales diarios, más tiempo): este rango llega más atrás, así que su exportación puede tener menos filas de las que cuenta /usage show.',
  exportRestSameDay:
    '{{command}} (sus primeras filas, hasta las {{time}} UTC, repiten el final de la parte {{part}})',
  exportInParts: '**Exportación de uso** · {{label}}, en partes a medida que estén listas.',
  exportPart: 'Parte {{part}} · {{rows}} · {{span}}',
  exportDone_one: '✅ Listo: {{summary}}, en {{count, number}} archivo.',
  exportDone_many: '✅ Listo: {{summary}}, en {{count, number}} de archivos.',
  exportDone_other: '✅ Listo: {{summary}}, en {{count, number}} archivos.',
  exportThroughDay: 'todas desde el {{from}} hasta el {{last}} inclusive (UTC)',
  exportUpToTime: 'desde el {{from}} hasta {{last}} UTC',
  exportCut:
    '⚠️ Detenida en {{parts}} archivos, el máximo que envía una exportación: contienen {{requests}} ({{money}}), {{through}}.',
  exportForTheRest: 'Para el resto: {{command}}.',
  exportStopped: '⚠️ La exportación se detuvo después de la parte {{part}}: {{reason}}.',
  exportStoppedEmpty: '{{head}} El archivo de arriba no tiene filas.',
  exportStoppedHeld: '{{head}} Los archivos de arriba contienen {{requests}} hasta {{last}} UTC.',
  exportInternalError: 'algo salió mal dentro del bot (id de error {{errorId}}, en el registro)',
  // /budget
  budgetManageOnly:
    'Solo los miembros con el permiso Gestionar servidor pueden cambiar el presupuesto del servidor.',
  capInvalid: 'Un límite debe ser un número de 0 a {{max}}.',
  setGiveOne: 'Indica `monthly`, `daily_per_member` o ambos.',
  clearChoose: 'Elige qué límite quitar: mensual, diario por miembro o ambos.',
  alertsGiveChannel: 'Indica el canal al que deben ir las alertas.',
  none: 'ninguno',
  settingsMonthly: 'Límite mensual: {{monthly}}',
  settingsMonthlySpent: '{{cap}} ({{spent}} gastado este mes)',
  settingsDaily: 'Límite diario por miembro: {{daily}}',
  settingsAlerts: 'Alertas: {{channel}}',
  settingsNoAlertChannel: 'ningún canal definido',
  // /budget role
  ruleLine:
    '<@&{{roleId}}>: diario {{daily}} · mensual {{monthly}} por miembro · modelos {{models}} · /imagine {{imagine}}',
  ruleNoCap: 'sin límite',
  ruleServerDefault: 'el del servidor',
  ruleAllModels: 'todos los que permite el servidor',
  yes: 'sí',
  no: 'no',
  noRules: 'No hay reglas por rol: cada miembro tiene los límites y modelos del servidor.',
  rulesHeading_one:
    'Reglas por rol ({{count, number}} de {{max}} como máximo; un miembro con varias obtiene la más generosa de cada campo):',
  rulesHeading_many:
    'Reglas por rol ({{count, number}} de {{max}} como máximo; un miembro con varias obtiene la más generosa de cada campo):',
  rulesHeading_other:
    'Reglas por rol ({{count, number}} de {{max}} como máximo; un miembro con varias obtiene la más generosa de cada campo):',
  ruleGiveField: 'Indica `daily`, `monthly`, `models` o `imagine` para el rol.',
  chooseRole: 'Elige un rol.',
  everyoneRole: 'Todos tienen @everyone: define los límites propios del servidor con /budget set.',
  ruleRemoved: 'Se quitó la regla de <@&{{roleId}}>.',
  ruleNotThere: '<@&{{roleId}}> no tenía regla.',
  tooManyRules:
    'Este servidor ya tiene {{max}} reglas de rol, el máximo posible: quita una primero (/budget role clear).',
  // Refusals by a cap
  operatorCapReached:
    'El bot alcanzó su límite de gasto de este mes; volverá a responder el día 1 del mes que viene (UTC).',
  operatorCapNoRoom:
    'El bot está cerca de su límite de gasto de este mes: esta solicitud podría costar más de lo que queda. Una pregunta más corta o un modelo más barato quizá quepa; si no, volverá a responder el día 1 del mes que viene (UTC).',
  serverCapReached:
    'Este servidor alcanzó su límite mensual de gasto para el bot; se reinicia el día 1 del mes que viene (UTC). Un admin del servidor puede subirlo con /budget.',
  serverCapReachedFigures:
    'Este servidor alcanzó su límite mensual de gasto para el bot ({{spent}} de {{cap}} usados).',
  serverCapReachedPending:
    'Este servidor alcanzó su límite mensual de gasto para el bot ({{spent}} de {{cap}} usados, {{pending}} en curso).',
  dmCapReached: 'Alcanzaste el límite de hoy para mensajes directos con el bot; se reinicia a las 00:00 UTC.',
  dmCapReachedFigures:
    'Alcanzaste el límite de hoy para mensajes directos con el bot ({{spent}} de {{cap}} usados); se reinicia a las 00:00 UTC.',
  userInstallCapInServer:
    'Alcanzaste el límite de hoy para usar el bot en este servidor, donde solo funciona porque lo instalaste ({{spent}} de {{cap}} usados); se reinicia a las 00:00 UTC.',
  userInstallCapOutside:
    'Alcanzaste el límite de hoy para usar el bot fuera de los servidores que lo añadieron (sus MD, MD de grupo y MD con amigos) ({{spent}} de {{cap}} usados); se reinicia a las 00:00 UTC.',
  memberDailyCapReached:
    'Alcanzaste tu límite de gasto diario en este servidor. Se reinicia a las 00:00 UTC.',
  memberDailyCapFigures:
    'Alcanzaste tu límite de gasto diario en este servidor ({{spent}} de {{cap}} hoy). Se reinicia a las 00:00 UTC.',
  memberMonthlyCapReached:
    'Alcanzaste tu límite de gasto mensual en este servidor. Se reinicia el día 1 del mes que viene (UTC).',
  memberMonthlyCapFigures:
    'Alcanzaste tu límite de gasto mensual en este servidor ({{spent}} de {{cap}} este mes). Se reinicia el día 1 del mes que viene (UTC).',
  serverCapNoRoomFigures:
    'Esta solicitud podría costar más que los {{left}} que quedan del límite mensual de gasto de este servidor para el bot ({{spent}} de {{cap}} usados).',
  serverCapNoRoomPending:
    'Esta solicitud podría costar más que los {{left}} que quedan del límite mensual de gasto de este servidor para el bot ({{spent}} de {{cap}} usados, {{pending}} en curso).',
  serverCapNoRoom:
    'Esta solicitud podría costar más de lo que queda del límite mensual de gasto de este servidor para el bot. Un admin del servidor puede subirlo con /budget.',
  dmCapNoRoomFigures:
    'Esta solicitud podría costar más que los {{left}} que quedan del límite de hoy para mensajes directos con el bot ({{spent}} de {{cap}} usados); se reinicia a las 00:00 UTC.',
  dmCapNoRoom:
    'Esta solicitud podría costar más de lo que queda del límite de hoy para mensajes directos con el bot; se reinicia a las 00:00 UTC.',
  userInstallNoRoomInServer:
    'Esta solicitud podría costar más que los {{left}} que quedan del límite de hoy para usar el bot en este servidor, donde solo funciona porque lo instalaste ({{spent}} de {{cap}} usados); se reinicia a las 00:00 UTC.',
  userInstallNoRoomOutside:
    'Esta solicitud podría costar más que los {{left}} que quedan del límite de hoy para usar el bot fuera de los servidores que lo añadieron (sus MD, MD de grupo y MD con amigos) ({{spent}} de {{cap}} usados); se reinicia a las 00:00 UTC.',
  memberDailyNoRoom:
    'Esta solicitud podría costar más de lo que queda de tu límite de gasto diario en este servidor. Se reinicia a las 00:00 UTC.',
  memberDailyNoRoomFigures:
    'Esta solicitud podría costar más que los {{left}} que quedan de tu límite de gasto diario en este servidor ({{spent}} de {{cap}} hoy). Se reinicia a las 00:00 UTC.',
  memberMonthlyNoRoom:
    'Esta solicitud podría costar más de lo que queda de tu límite de gasto mensual en este servidor. Se reinicia el día 1 del mes que viene (UTC).',
  memberMonthlyNoRoomFigures:
    'Esta solicitud podría costar más que los {{left}} que quedan de tu límite de gasto mensual en este servidor ({{spent}} de {{cap}} este mes). Se reinicia el día 1 del mes que viene (UTC).',
  raiseServerMonthly: 'Un admin (Gestionar servidor) puede subirlo con /budget set monthly.',
  raiseMemberDaily:
    'Un admin (Gestionar servidor) puede subirlo con /budget set daily_per_member, o para un rol con /budget role set daily.',
  raiseMemberMonthly: 'Un admin (Gestionar servidor) puede subirlo con /budget role set monthly.',
  // Paid plans (PLANS_FILE): refusals, and /usage show
  planSpentFigures:
    'El cupo del plan de este servidor para este mes se agotó ({{spent}} de {{allowance}}) y no le queda crédito comprado.',
  planNoRoomFigures:
    'Esta solicitud podría costar más que los {{left}} que quedan este mes del cupo del plan y del crédito de este servidor ({{spent}} de {{allowance}} usados, crédito {{credit}}).',
  planSpent:
    'Este servidor agotó el cupo de su plan de este mes; se renueva el día 1 del mes que viene (UTC).',
  planNoRoom: 'Esta solicitud podría costar más de lo que queda este mes del cupo del plan de este servidor.',
  planAddMore:
    'Un admin del servidor puede suscribir el servidor o comprar crédito en la tienda de la app; una suscripción de miembro cubre tus propias preguntas.',
  planLine:
    'Plan: {{plan}}; quedan {{left}} del cupo de {{allowance}} de este mes; saldo de crédito {{credit}}.',
  planFree: 'cupo gratuito',
  planSubscribed: 'suscripción del servidor ({{count}})',
  planCredits: 'Paquetes de crédito: {{count}}, {{money}} en total; el último, el {{day}}.',
  // Channel messages
  alertReached:
    '📈 El gasto de este servidor en el bot llegó este mes al {{percent}} % de su límite: {{spent}} de {{cap}}.',
  alertRefusing: 'Las nuevas solicitudes se rechazan hasta que se suba el límite (/budget) o termine el mes.',
  costImage: '💰 {{money}}',
  costChat: '💰 {{money}} · {{tokens}}',
  costChatEstimated: '💰 {{money}} · {{tokens}} (estimado)',
};

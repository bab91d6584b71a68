export default {
  // /config
  manageServerOnly: 'Solo los miembros con el permiso Gestionar servidor pueden cambiar los ajustes del bot.',
  saved: '✅ Guardado.',
  chooseChannelAction: 'Elige permitir, quitar o en todas partes.',
  giveChannelToAllow: 'Indica el canal que quieres permitir.',
  giveChannelToRemove: 'Indica el canal que quieres quitar.',
  unknownSetting: 'Ajuste desconocido.',
  clearRateLimitServerWide: 'rate_limit vale para todo el servidor: bórralo sin canal.',
  setRateLimitServerWide: 'rate_limit vale para todo el servidor: fíjalo sin canal.',
  giveAFeature:
    'Indica al menos una de estas opciones: cost_line, context_line, answer_mentions, fallback, answer_in_language, classic_layout.',
  giveASetting: 'Indica al menos un ajuste que cambiar.',
  modelNotAmongAllowed: '{{model}} no está entre los modelos permitidos (/config models).',
  // /config show
  sourceOption: 'opción del comando',
  sourceChannel: 'canal',
  sourceGuild: 'servidor',
  sourceDefault: 'valor predeterminado del bot',
  showHeader:
    '**En {{channel}}** (una opción del comando prevalece sobre el canal, el canal sobre el servidor y el servidor sobre el valor predeterminado del bot):',
  showModel: '• Modelo: {{model}} ({{source}})',
  showTemperature: '• Temperatura: {{temperature}} ({{source}})',
  serviceDefault: 'el valor predeterminado del servicio',
  showMaxTokens: '• Máximo de tokens por respuesta: {{maxTokens}} ({{source}})',
  showHistory_one: '• Presupuesto de historial: {{count, number}} token ({{source}})',
  showHistory_many: '• Presupuesto de historial: {{count, number}} de tokens ({{source}})',
  showHistory_other: '• Presupuesto de historial: {{count, number}} tokens ({{source}})',
  showSystemPrompt_one: '• Prompt de sistema: definido, {{count, number}} carácter (/system show)',
  showSystemPrompt_many: '• Prompt de sistema: definido, {{count, number}} de caracteres (/system show)',
  showSystemPrompt_other: '• Prompt de sistema: definido, {{count, number}} caracteres (/system show)',
  showNoSystemPrompt: '• Prompt de sistema: ninguno',
  showServerWide: '**En todo el servidor:**',
  showAllowedModels: '• Modelos permitidos: {{models}}',
  allModels: 'todos',
  none: 'ninguno',
  showChannels: '• Canales: {{channels}}',
  everywhere: 'en todos los que el bot puede ver',
  showMentions: '• Responde a menciones y respuestas: {{state}}',
  yes: 'sí',
  no: 'no',
  showUnderReplies: '• Bajo las respuestas: coste {{cost}}, contexto {{context}}',
  shown: 'visible',
  hidden: 'oculto',
  showFallback: '• Recurrir a un modelo más barato cuando el límite de un miembro lo rechaza: {{state}}',
  showAnswerInLanguage: '• Responde en el idioma del miembro que pregunta: {{state}}',
  showClassicLayout:
    '• Responde con el diseño clásico de Discord (texto simple) en lugar de tarjetas: {{state}}',
  on: 'activado',
  off: 'desactivado',
  showRateLimit_one: '• Límite de frecuencia: {{count, number}} solicitud por miembro y minuto',
  showRateLimit_many: '• Límite de frecuencia: {{count, number}} de solicitudes por miembro y minuto',
  showRateLimit_other: '• Límite de frecuencia: {{count, number}} solicitudes por miembro y minuto',
  showRateLimitDefault_one:
    '• Límite de frecuencia: {{count, number}} solicitud por miembro y minuto (valor predeterminado del bot)',
  showRateLimitDefault_many:
    '• Límite de frecuencia: {{count, number}} de solicitudes por miembro y minuto (valor predeterminado del bot)',
  showRateLimitDefault_other:
    '• Límite de frecuencia: {{count, number}} solicitudes por miembro y minuto (valor predeterminado del bot)',
  // /system
  manageChannelsHere:
    'Solo los miembros con el permiso Gestionar canales en este canal pueden cambiar su prompt de sistema.',
  manageChannelsIn:
    'Solo los miembros con el permiso Gestionar canales en {{channel}} pueden cambiar su prompt de sistema.',
  systemFormExpired:
    'Este formulario ha caducado (un formulario de /system funciona durante una hora). Vuelve a usar /system set.',
  systemFormNeedsManageChannels:
    'Este formulario requiere el permiso Gestionar canales en el canal desde el que lo envías, y ahora no lo tienes. Usa /system set directamente en {{channel}}.',
  systemFormTitle: 'Definir el prompt de sistema',
  systemFormLabel: 'Instrucciones',
  systemFormDescription_one:
    'Se envía antes de cada conversación en el canal. Hasta {{count, number}} carácter.',
  systemFormDescription_many:
    'Se envía antes de cada conversación en el canal. Hasta {{count, number}} de caracteres.',
  systemFormDescription_other:
    'Se envía antes de cada conversación en el canal. Hasta {{count, number}} caracteres.',
  systemPromptSet_one: 'Prompt de sistema de {{channel}} definido ({{count, number}} carácter):',
  systemPromptSet_many: 'Prompt de sistema de {{channel}} definido ({{count, number}} de caracteres):',
  systemPromptSet_other: 'Prompt de sistema de {{channel}} definido ({{count, number}} caracteres):',
  systemPromptCleared: '{{channel}} ya no tiene un prompt de sistema propio.',
  systemPromptShown: 'Prompt de sistema de {{channel}}:',
  noSystemPrompt: '{{channel}} no tiene un prompt de sistema propio.',
  // /reset
  manageMessagesToReset:
    'Solo los miembros con el permiso Gestionar mensajes en este canal pueden reiniciar su conversación.',
  resetDone:
    '🧹 {{name}} reinició la conversación de este canal: el bot la ha olvidado y el próximo mensaje empieza una nueva.',
  // Rechazos de los ajustes
  whereOption: 'tu opción del comando',
  whereChannel: 'el ajuste de este canal',
  whereGuild: 'el ajuste de este servidor',
  whereDefault: 'el valor predeterminado del bot',
  whereRegenerated: 'las opciones de la respuesta que se regenera',
  modelNotAllowed:
    'El modelo {{model}} (de {{where}}) no está permitido en este servidor: el ajuste de modelos permitidos (/config models) permite {{allowed}}.',
  maxTokensAtMost: 'max_tokens puede ser como máximo {{max}} aquí ({{where}}).',
  maxTokensAtMostConfig: 'max_tokens puede ser como máximo {{max}} aquí ({{where}}, /config).',
  listModels: 'Indica uno o más modelos, o "all": {{models}}.',
  unknownModels: 'Modelo desconocido: {{unknown}}. Elige entre: {{models}}.',
  // Opciones de una solicitud
  unknownModel: 'Modelo desconocido. Elige uno de: {{models}}.',
  temperatureRule: 'temperature debe ser un número de {{min}} a {{max}}.',
  wholeNumberRule: '{{name}} debe ser un número entero de {{min}} a {{max}}.',
  wholeNumberRuleOperator:
    '{{name}} debe ser un número entero de {{min}} a {{max}} (el límite del operador del bot).',
  optionsInvalid: 'Estas opciones no son válidas.',
  // Reglas por rol
  modelNotForRoles:
    'El modelo {{model}} no está permitido para tus roles en este servidor: su regla (/budget role) permite {{allowed}}.',
  imagineNotForRoles: 'Tus roles en este servidor no permiten /imagine (su regla, /budget role).',
  // A server's own service key (/config service-key)
  serviceKeyNeedsEncryption:
    'Los servidores no pueden guardar aquí su propia clave del servicio: el operador del bot no ha definido DATA_ENCRYPTION_KEY, que sella esas claves en el almacén. Pídele que la defina.',
  serviceKeyFormTitle: 'Clave del servicio de este servidor',
  serviceKeyFormLabel: 'Clave de API del servicio',
  serviceKeyFormDescription:
    'Se guarda sellada y no se vuelve a mostrar; las solicitudes de este servidor la usarán.',
  serviceKeySaved:
    '✅ Guardada la clave que termina en …{{last4}}. Las solicitudes de este servidor la usan ahora y no se cobran al operador del bot.',
  serviceKeyShown:
    'Este servidor usa su propia clave del servicio, que termina en …{{last4}}, puesta por {{user}} {{when}}.',
  serviceKeyNone:
    'Este servidor no tiene clave del servicio propia: sus solicitudes usan la clave del operador del bot.',
  serviceKeyCleared:
    '✅ Quitada la clave de este servidor (terminaba en …{{last4}}): sus solicitudes vuelven a usar la clave del operador del bot.',
  serviceKeyRefusedAlert:
    '⚠️ El servicio rechazó la clave del servicio propia de este servidor (termina en …{{last4}}, HTTP {{status}}): las solicitudes que la usan fallan hasta que un admin la reemplace (/config service-key set) o la quite (/config service-key clear).',
  serviceKeyInvalid:
    'Eso no es una clave del servicio: debe tener de 1 a 400 caracteres, sin espacios ni saltos de línea. No se guardó nada.',
};

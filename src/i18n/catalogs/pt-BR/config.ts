export default {
  // /config
  manageServerOnly: 'Só membros com a permissão Gerenciar servidor podem mudar as configurações do bot.',
  saved: '✅ Salvo.',
  chooseChannelAction: 'Escolha permitir, remover ou em todo lugar.',
  giveChannelToAllow: 'Informe o canal que você quer permitir.',
  giveChannelToRemove: 'Informe o canal que você quer remover.',
  unknownSetting: 'Configuração desconhecida.',
  clearRateLimitServerWide: 'rate_limit vale para o servidor inteiro: limpe sem informar um canal.',
  setRateLimitServerWide: 'rate_limit vale para o servidor inteiro: defina sem informar um canal.',
  giveAFeature:
    'Informe pelo menos uma destas opções: cost_line, context_line, answer_mentions, fallback, answer_in_language, classic_layout.',
  giveASetting: 'Informe pelo menos uma configuração para mudar.',
  modelNotAmongAllowed: '{{model}} não está entre os modelos permitidos (/config models).',
  // /config show
  sourceOption: 'opção do comando',
  sourceChannel: 'canal',
  sourceGuild: 'servidor',
  sourceDefault: 'padrão do bot',
  showHeader:
    '**Em {{channel}}** (uma opção do comando vale mais que o canal, o canal mais que o servidor e o servidor mais que o padrão do bot):',
  showModel: '• Modelo: {{model}} ({{source}})',
  showTemperature: '• Temperatura: {{temperature}} ({{source}})',
  serviceDefault: 'o padrão do serviço',
  showMaxTokens: '• Máximo de tokens por resposta: {{maxTokens}} ({{source}})',
  showHistory_one: '• Orçamento de histórico: {{count, number}} token ({{source}})',
  showHistory_many: '• Orçamento de histórico: {{count, number}} de tokens ({{source}})',
  showHistory_other: '• Orçamento de histórico: {{count, number}} tokens ({{source}})',
  showSystemPrompt_one: '• Prompt de sistema: definido, {{count, number}} caractere (/system show)',
  showSystemPrompt_many: '• Prompt de sistema: definido, {{count, number}} de caracteres (/system show)',
  showSystemPrompt_other: '• Prompt de sistema: definido, {{count, number}} caracteres (/system show)',
  showNoSystemPrompt: '• Prompt de sistema: nenhum',
  showServerWide: '**No servidor inteiro:**',
  showAllowedModels: '• Modelos permitidos: {{models}}',
  allModels: 'todos',
  none: 'nenhum',
  showChannels: '• Canais: {{channels}}',
  everywhere: 'em todo lugar que o bot consegue ver',
  showMentions: '• Responde a menções e respostas: {{state}}',
  yes: 'sim',
  no: 'não',
  showUnderReplies: '• Abaixo das respostas: custo {{cost}}, contexto {{context}}',
  shown: 'visível',
  hidden: 'oculto',
  showFallback: '• Usar um modelo mais barato quando o limite de um membro recusa: {{state}}',
  showAnswerInLanguage: '• Responde no idioma do membro que pergunta: {{state}}',
  showClassicLayout: '• Responde no layout clássico do Discord (texto simples) em vez de cartões: {{state}}',
  on: 'ativado',
  off: 'desativado',
  showRateLimit_one: '• Limite de frequência: {{count, number}} solicitação por membro por minuto',
  showRateLimit_many: '• Limite de frequência: {{count, number}} de solicitações por membro por minuto',
  showRateLimit_other: '• Limite de frequência: {{count, number}} solicitações por membro por minuto',
  showRateLimitDefault_one:
    '• Limite de frequência: {{count, number}} solicitação por membro por minuto (padrão do bot)',
  showRateLimitDefault_many:
    '• Limite de frequência: {{count, number}} de solicitações por membro por minuto (padrão do bot)',
  showRateLimitDefault_other:
    '• Limite de frequência: {{count, number}} solicitações por membro por minuto (padrão do bot)',
  // /system
  manageChannelsHere:
    'Só membros com a permissão Gerenciar canais neste canal podem mudar o prompt de sistema dele.',
  manageChannelsIn:
    'Só membros com a permissão Gerenciar canais em {{channel}} podem mudar o prompt de sistema dele.',
  systemFormExpired:
    'Este formulário expirou (um formulário do /system funciona por uma hora). Use /system set de novo.',
  systemFormNeedsManageChannels:
    'Este formulário exige a permissão Gerenciar canais no canal de onde você o envia, e você não a tem agora. Use /system set diretamente em {{channel}}.',
  systemFormTitle: 'Definir o prompt de sistema',
  systemFormLabel: 'Instruções',
  systemFormDescription_one: 'Enviado antes de cada conversa no canal. Até {{count, number}} caractere.',
  systemFormDescription_many: 'Enviado antes de cada conversa no canal. Até {{count, number}} de caracteres.',
  systemFormDescription_other: 'Enviado antes de cada conversa no canal. Até {{count, number}} caracteres.',
  systemPromptSet_one: 'Prompt de sistema de {{channel}} definido ({{count, number}} caractere):',
  systemPromptSet_many: 'Prompt de sistema de {{channel}} definido ({{count, number}} de caracteres):',
  systemPromptSet_other: 'Prompt de sistema de {{channel}} definido ({{count, number}} caracteres):',
  systemPromptCleared: '{{channel}} não tem mais um prompt de sistema próprio.',
  systemPromptShown: 'Prompt de sistema de {{channel}}:',
  noSystemPrompt: '{{channel}} não tem um prompt de sistema próprio.',
  // /reset
  manageMessagesToReset:
    'Só membros com a permissão Gerenciar mensagens neste canal podem reiniciar a conversa dele.',
  resetDone:
    '🧹 {{name}} reiniciou a conversa deste canal: o bot a esqueceu, e a próxima mensagem começa uma nova.',
  // Recusas das configurações
  whereOption: 'sua opção do comando',
  whereChannel: 'a configuração deste canal',
  whereGuild: 'a configuração deste servidor',
  whereDefault: 'o padrão do bot',
  whereRegenerated: 'as opções da resposta sendo gerada de novo',
  modelNotAllowed:
    'O modelo {{model}} (de {{where}}) não é permitido neste servidor: a configuração de modelos permitidos (/config models) permite {{allowed}}.',
  maxTokensAtMost: 'max_tokens pode ser no máximo {{max}} aqui ({{where}}).',
  maxTokensAtMostConfig: 'max_tokens pode ser no máximo {{max}} aqui ({{where}}, /config).',
  listModels: 'Informe um ou mais modelos, ou "all": {{models}}.',
  unknownModels: 'Modelo desconhecido: {{unknown}}. Escolha entre: {{models}}.',
  // Opções de uma solicitação
  unknownModel: 'Modelo desconhecido. Escolha um destes: {{models}}.',
  temperatureRule: 'temperature precisa ser um número de {{min}} a {{max}}.',
  wholeNumberRule: '{{name}} precisa ser um número inteiro de {{min}} a {{max}}.',
  wholeNumberRuleOperator:
    '{{name}} precisa ser um número inteiro de {{min}} a {{max}} (o limite do operador do bot).',
  optionsInvalid: 'Essas opções não são válidas.',
  // Regras por cargo
  modelNotForRoles:
    'O modelo {{model}} não é permitido para os seus cargos neste servidor: a regra deles (/budget role) permite {{allowed}}.',
  imagineNotForRoles: 'Seus cargos neste servidor não permitem /imagine (a regra deles, /budget role).',
  // A server's own service key (/config service-key)
  serviceKeyNeedsEncryption:
    'Os servidores não podem guardar aqui a própria chave do serviço: o operador do bot não definiu DATA_ENCRYPTION_KEY, que sela essas chaves no armazenamento. Peça a ele que a defina.',
  serviceKeyFormTitle: 'Chave do serviço deste servidor',
  serviceKeyFormLabel: 'Chave de API do serviço',
  serviceKeyFormDescription:
    'Guardada selada e nunca mostrada de novo; os pedidos deste servidor vão usá-la.',
  serviceKeySaved:
    '✅ Chave terminada em …{{last4}} salva. Os pedidos deste servidor agora a usam e não são cobrados do operador do bot.',
  serviceKeyShown:
    'Este servidor usa a própria chave do serviço, terminada em …{{last4}}, definida por {{user}} {{when}}.',
  serviceKeyNone:
    'Este servidor não tem chave do serviço própria: os pedidos dele usam a chave do operador do bot.',
  serviceKeyCleared:
    '✅ Chave deste servidor removida (terminada em …{{last4}}): os pedidos dele voltam a usar a chave do operador do bot.',
  serviceKeyRefusedAlert:
    '⚠️ O serviço recusou a chave do serviço própria deste servidor (terminada em …{{last4}}, HTTP {{status}}): os pedidos que a usam falham até um admin substituí-la (/config service-key set) ou removê-la (/config service-key clear).',
  serviceKeyInvalid:
    'Isso não é uma chave do serviço: deve ter de 1 a 400 caracteres, sem espaços nem quebras de linha. Nada foi salvo.',
};

/** Words of the web dashboard (src/dashboard/), chosen by the browser's Accept-Language. */
export default {
  // Every page
  product: 'Painel do bot',
  signedInAs: 'Conectado como {{name}}',
  logOut: 'Sair',
  // Refusals of a whole page
  forbiddenServer: 'Você não gerencia este servidor com o bot (“Gerenciar servidor”, e o bot está nele).',
  staleForm:
    'Não foi possível verificar este formulário: ele foi aberto antes do seu último login ou a partir de outro site. Abra a página de novo e envie por ela.',
  tooManyLogins: 'Tentativas de login demais daqui: espere um minuto e tente de novo.',
  backToServers: 'Voltar aos seus servidores',
  // The login page and the server list
  loginTitle: 'Painel do bot: entrar',
  loginLead: 'Gerencie os gastos do bot nos seus servidores.',
  loginLink: 'Entrar com o Discord',
  loginState: 'Não foi possível verificar o login (state); tente de novo.',
  loginNotAuthorized: 'O Discord não autorizou o login.',
  loginRefused: 'O Discord recusou o login; tente de novo.',
  yourServers: 'Seus servidores',
  noServers:
    'Nenhum servidor para gerenciar: o painel lista os servidores em que o bot está e onde você tem “Gerenciar servidor”.',
  // A server's spend
  rangeForm: 'De {{from}} a {{to}}',
  show: 'Mostrar',
  total_one: 'Gasto de {{money}} em {{count, number}} solicitação de {{from}} a {{to}}.',
  total_many: 'Gasto de {{money}} em {{count, number}} de solicitações de {{from}} a {{to}}.',
  total_other: 'Gasto de {{money}} em {{count, number}} solicitações de {{from}} a {{to}}.',
  downloadCsv: 'Baixar CSV',
  chartTitle: 'Gasto diário, de {{from}} a {{to}}',
  byModel: 'Por modelo',
  byMember: 'Por membro',
  byChannel: 'Por canal',
  byRole: 'Por cargo',
  model: 'Modelo',
  member: 'Membro',
  channel: 'Canal',
  role: 'Cargo',
  requests: 'Solicitações',
  cost: 'Custo',
  nothingInRange: 'Nada neste período',
  byRoleNote:
    'Cargos com uma regra por cargo, como em /usage show: uma solicitação conta em cada um desses cargos que o membro tinha, então as linhas podem somar mais que o total.',
  noRoleWithRule: 'Nenhum cargo com regra',
  datesFormat: 'As datas são escritas AAAA-MM-DD.',
  rangeBackwards: 'O período começa depois de terminar (ou no futuro).',
  rangeTooLong: 'No máximo dez anos de uma vez.',
  // Budgets
  budgets: 'Orçamentos',
  monthNoCap: 'Este mês: {{spent}}, sem limite mensal.',
  monthOfCap: 'Este mês: {{spent}} de {{cap}}.',
  capBelowSpend:
    'Este limite está abaixo dos {{spent}} já gastos este mês: as solicitações serão recusadas até o dia 1º.',
  monthlyCapLabel: 'Limite mensal do servidor ({{currency}}, vazio: nenhum)',
  dailyCapLabel: 'Limite diário por membro ({{currency}}, vazio: nenhum)',
  save: 'Salvar',
  appliesNext: 'As mudanças valem a partir da próxima solicitação.',
  saved: 'Salvo: vale a partir da próxima solicitação.',
  sentNotConfirmed:
    'Enviado: o processo deste servidor ainda não confirmou. Ele aplica a mudança assim que rodar (em segundos); recarregue para conferir.',
  capsInvalid: 'Limites são valores como 5 ou 0,25, ou vazios para nenhum.',
  // Requests in progress
  inProgress: 'Solicitações em andamento',
  inProgressUnknown:
    'O processo deste servidor não respondeu a tempo, então as solicitações em andamento não podem ser mostradas agora.',
  inProgressAsOf: 'Solicitações ocupando uma vaga agora, às {{time}}.',
  refresh: 'Atualizar',
  kind: 'Tipo',
  started: 'Início',
  chat: 'chat',
  ago: 'há {{time}}',
  noneNow: 'Nenhuma agora',
  // Features and channels (/config)
  features: 'Recursos e canais',
  featureCost: 'Mostrar quanto custou cada resposta',
  featureContext: 'Mostrar quão cheia está a memória da conversa',
  featureMentions: 'Responder a mensagens que mencionam o bot ou respondem a ele (as DMs não são afetadas)',
  featureFallback:
    'Quando o limite de um membro recusa um modelo, responder com o mais barato permitido que caiba',
  featureLanguage: 'Responder no idioma do membro que pergunta (o idioma do Discord dele)',
  featureClassicLayout:
    'Responder no layout clássico do Discord (mensagens de texto simples) em vez de cartões',
  where: 'Onde o bot responde',
  everywhere: 'Em todo lugar que ele consegue ler',
  listedOnly: 'Só nos canais marcados (as threads seguem o canal delas):',
  channelGone: 'um canal que o bot não vê mais',
  channelsUnknown:
    'Este processo não vê os canais do servidor: escolha “em todo lugar” ou use /config channels no Discord.',
  configNote:
    'As mesmas configurações de /config features e /config channels; as mudanças valem a partir da próxima solicitação.',
  notACheckbox: '{{field}} é uma caixa de seleção: “on” ou ausente.',
  chooseWhere: 'Escolha em todo lugar ou os canais marcados.',
  tooManyChannels: 'No máximo {{max}} canais.',
  unknownChannel: 'Canal desconhecido: marque canais deste servidor.',
  // Rules per role
  roleRules: 'Regras por cargo',
  dailyPerMember: 'Limite diário por membro',
  monthlyPerMember: 'Limite mensal por membro',
  models: 'Modelos',
  serverDefault: 'o do servidor',
  none: 'nenhum',
  allAllowed: 'todos os permitidos',
  yes: 'sim',
  no: 'não',
  clear: 'Remover',
  noRule: 'Nenhuma regra: cada membro tem os padrões do servidor',
  dailyRuleLabel: 'Limite diário por membro (vazio: o do servidor)',
  monthlyRuleLabel: 'Limite mensal por membro (vazio: nenhum)',
  modelsLabel: 'Modelos (nenhum marcado: todos que o servidor permite)',
  mayImagine: 'pode usar /imagine',
  saveRule: 'Salvar regra',
  mostGenerous: 'Um membro com vários cargos recebe o valor mais generoso de cada campo.',
  rolesUnknown:
    'Este processo não vê os cargos do servidor: defina regras com /budget role no Discord, ou recarregue daqui a pouco.',
  roleInvalid: 'Um cargo, e limites como 5 ou 0,25 (vazio: padrão).',
  notARoleId: 'Não é um ID de cargo.',
  notARole: 'Não é um cargo deste servidor: escolha um dos cargos do servidor.',
  everyoneRole:
    'Todos têm @everyone: defina os limites do próprio servidor em Orçamentos, ou escolha outro cargo.',
  // The server's own service key (/config service-key)
  serviceKey: 'Chave do serviço',
  keyNeedsEncryption:
    'Os servidores não podem guardar aqui a própria chave do serviço: o operador do bot não definiu DATA_ENCRYPTION_KEY, que sela essas chaves no armazenamento. Peça a ele que a defina.',
  keyNone:
    'Este servidor não tem chave do serviço própria: as solicitações dele usam a chave do operador do bot.',
  keySet:
    'Este servidor usa a própria chave do serviço, terminada em …{{last4}}, definida por {{user}} em {{day}} às {{time}} UTC.',
  keyLabel: 'Nova chave (substitui a atual)',
  saveKey: 'Salvar chave',
  clearKey: 'Remover a chave',
  keyNote:
    'O mesmo que /config service-key: a chave fica guardada selada e nunca é mostrada de novo, só os quatro últimos caracteres. As solicitações deste servidor a usam e não são cobradas do operador do bot.',
  keyInvalid:
    'Isso não é uma chave do serviço: deve ter de 1 a 400 caracteres, sem espaços nem quebras de linha. Nada foi salvo.',
  keyUnopened:
    'O processo deste servidor não conseguiu abrir a chave (os processos do bot não compartilham o mesmo DATA_ENCRYPTION_KEY). Nada foi salvo.',
  // Paid plans (PLANS_FILE) and who paid this month
  planAndPayers: 'Plano e quem pagou',
  planLine:
    'Plano: {{plan}}; restam {{left}} da franquia de {{allowance}} deste mês; saldo de crédito {{credit}}.',
  planFree: 'franquia gratuita',
  planSubscribed_one: 'assinatura do servidor',
  planSubscribed_many: '{{count, number}} de assinaturas do servidor',
  planSubscribed_other: '{{count, number}} assinaturas do servidor',
  creditPacks: 'Pacotes de crédito',
  noPacks: 'Nenhum pacote de crédito comprado.',
  packCredited: 'Creditado em',
  packAmount: 'Valor',
  packRefunded: 'reembolsado',
  whoPaid_one:
    'Este mês: {{operator}} pagos pelo operador do bot, {{serverKey}} com a chave própria deste servidor ({{count, number}} solicitação).',
  whoPaid_many:
    'Este mês: {{operator}} pagos pelo operador do bot, {{serverKey}} com a chave própria deste servidor ({{count, number}} de solicitações).',
  whoPaid_other:
    'Este mês: {{operator}} pagos pelo operador do bot, {{serverKey}} com a chave própria deste servidor ({{count, number}} solicitações).',
};

/** Words of the spend namespace: /usage, /budget, refusals by a cap, alerts, the cost line. */
export default {
  // /usage
  usageManageOnly: 'Só membros com a permissão Gerenciar servidor podem ver o uso do servidor.',
  unknownPeriod: 'Período desconhecido.',
  periodThisMonth: 'Este mês',
  periodLastMonth: 'Mês passado',
  periodToday: 'Hoje',
  periodLast7Days: 'Últimos 7 dias',
  periodLast30Days: 'Últimos 30 dias',
  periodAllTime: 'Desde o início',
  periodRange: '{{period}} ({{from}} a {{to}}, UTC)',
  datesRange: '{{from}} a {{to}} (UTC)',
  reportHead_one: '**Gastos · {{label}}**: {{money}} em {{count, number}} solicitação',
  reportHead_many: '**Gastos · {{label}}**: {{money}} em {{count, number}} de solicitações',
  reportHead_other: '**Gastos · {{label}}**: {{money}} em {{count, number}} solicitações',
  reportEstimated_one: '({{count, number}} com tokens estimados)',
  reportEstimated_many: '({{count, number}} com tokens estimados)',
  reportEstimated_other: '({{count, number}} com tokens estimados)',
  requestsShort_one: '{{count, number}} sol.',
  requestsShort_many: '{{count, number}} sol.',
  requestsShort_other: '{{count, number}} sol.',
  images_one: '{{count, number}} imagem',
  images_many: '{{count, number}} de imagens',
  images_other: '{{count, number}} imagens',
  tokens: '{{input}} tokens de entrada · {{output}} de saída',
  byModel: '**Por modelo**',
  modelLine: '`{{model}}`: {{requests}} · {{detail}} · {{money}}',
  topMembers: '**Membros que mais gastam**',
  memberLine: '{{rank}}. <@{{userId}}>: {{money}} ({{requests}})',
  byRole: '**Por cargo** (regras por cargo; um membro com vários conta em cada um)',
  roleLine: '<@&{{roleId}}>: {{money}} ({{requests}})',
  noRoleLine: 'Sem cargo com regra: {{money}} ({{requests}})',
  paidWithServerKey: 'Pago com a chave própria deste servidor: {{money}} ({{requests}})',
  budgetLine: 'Orçamento: {{caps}}',
  budgetMonthly: 'limite mensal {{cap}} ({{percent}}% usado este mês)',
  budgetDaily: '{{cap}} por membro por dia',
  chartTitle: 'Gastos diários · {{label}}',
  // /usage export
  exportPeriodAndDates: 'Informe um `period` ou as datas `from`/`to`, não os dois.',
  exportDateFormat:
    '`{{name}}` precisa ser uma data no formato AAAA-MM-DD (UTC), como 2026-11-01; recebido: {{value}}.',
  exportDateNotReal: '`{{name}}`: {{value}} não é uma data do calendário.',
  exportFromAfterTo: '`from` ({{from}}) é depois de `to` ({{to}}): não há nada entre as duas.',
  exportFromFuture:
    '`from` ({{from}}) está no futuro (hoje é {{today}}, UTC): ainda não há nada para exportar.',
  billedRequests_one: '{{count, number}} solicitação cobrada',
  billedRequests_many: '{{count, number}} de solicitações cobradas',
  billedRequests_other: '{{count, number}} solicitações cobradas',
  rows_one: '{{count, number}} linha',
  rows_many: '{{count, number}} de linhas',
  rows_other: '{{count, number}} linhas',
  exportSummary: '{{requests}} · {{money}} · {{label}}',
  exportSpan: '{{first}} a {{last}} UTC',
  exportNoRows: 'sem linhas',
  exportOversized_one:
    '-# ⚠️ {{count, number}} solicitação deixada de fora: uma linha longa demais para um arquivo deste tamanho (id {{ids}}).',
  exportOversized_many:
    '-# ⚠️ {{count, number}} de solicitações deixadas de fora: uma linha longa demais para um arquivo deste tamanho (id {{ids}}).',
  exportOversized_other:
    '-# ⚠️ {{count, number}} solicitações deixadas de fora: uma linha longa demais para um arquivo deste tamanho (id {{ids}}).',
  exportRetention:
    '-# Solicitações individuais são guardadas por {{days}} dias (os totais por dia, por mais tempo): este intervalo vai mais para trás, então a exportação pode ter menos linhas do que o /usage show conta.',
  exportRestSameDay: '{{command}} (as primeiras linhas, até {{time}} UTC, repetem o fim da parte {{part}})',
  exportInParts: '**Exportação de uso** · {{label}}, em partes conforme ficam prontas.',
  exportPart: 'Parte {{part}} · {{rows}} · {{span}}',
  exportDone_one: '✅ Pronto: {{summary}}, em {{count, number}} arquivo.',
  exportDone_many: '✅ Pronto: {{summary}}, em {{count, number}} de arquivos.',
  exportDone_other: '✅ Pronto: {{summary}}, em {{count, number}} arquivos.',
  exportThroughDay: 'todas de {{from}} até {{last}}, inclusive (UTC)',
  exportUpToTime: 'de {{from}} até {{last}} UTC',
  exportCut:
    '⚠️ Parou em {{parts}} arquivos, o máximo que uma exportação envia: eles contêm {{requests}} ({{money}}), {{through}}.',
  exportForTheRest: 'Para o restante: {{command}}.',
  exportStopped: '⚠️ A exportação parou depois da parte {{part}}: {{reason}}.',
  exportStoppedEmpty: '{{head}} O arquivo acima não tem linhas.',
  exportStoppedHeld: '{{head}} Os arquivos acima contêm {{requests}} até {{last}} UTC.',
  exportInternalError: 'algo deu errado dentro do bot (id do erro {{errorId}}, no log)',
  // /budget
  budgetManageOnly: 'Só membros com a permissão Gerenciar servidor podem mudar o orçamento do servidor.',
  capInvalid: 'Um limite precisa ser um número de 0 a {{max}}.',
  setGiveOne: 'Informe `monthly`, `daily_per_member` ou os dois.',
  clearChoose: 'Escolha qual limite remover: mensal, diário por membro ou ambos.',
  alertsGiveChannel: 'Informe o canal para onde os alertas devem ir.',
  none: 'nenhum',
  settingsMonthly: 'Limite mensal: {{monthly}}',
  settingsMonthlySpent: '{{cap}} ({{spent}} gastos este mês)',
  settingsDaily: 'Limite diário por membro: {{daily}}',
  settingsAlerts: 'Alertas: {{channel}}',
  settingsNoAlertChannel: 'nenhum canal definido',
  // /budget role
  ruleLine:
    '<@&{{roleId}}>: diário {{daily}} · mensal {{monthly}} por membro · modelos {{models}} · /imagine {{imagine}}',
  ruleNoCap: 'sem limite',
  ruleServerDefault: 'padrão do servidor',
  ruleAllModels: 'todos que o servidor permite',
  yes: 'sim',
  no: 'não',
  noRules: 'Nenhuma regra por cargo: todo membro tem os limites e modelos do servidor.',
  rulesHeading_one:
    'Regras por cargo ({{count, number}} de no máximo {{max}}; um membro com várias recebe a mais generosa de cada campo):',
  rulesHeading_many:
    'Regras por cargo ({{count, number}} de no máximo {{max}}; um membro com várias recebe a mais generosa de cada campo):',
  rulesHeading_other:
    'Regras por cargo ({{count, number}} de no máximo {{max}}; um membro com várias recebe a mais generosa de cada campo):',
  ruleGiveField: 'Informe `daily`, `monthly`, `models` ou `imagine` para o cargo.',
  chooseRole: 'Escolha um cargo.',
  everyoneRole: 'Todo mundo tem @everyone: defina os limites do próprio servidor com /budget set.',
  ruleRemoved: 'A regra de <@&{{roleId}}> foi removida.',
  ruleNotThere: '<@&{{roleId}}> não tinha regra.',
  tooManyRules:
    'Este servidor já tem {{max}} regras de cargo, o máximo permitido: remova uma primeiro (/budget role clear).',
  // Refusals by a cap
  operatorCapReached:
    'O bot atingiu o limite de gastos deste mês; ele volta a responder no dia 1º do próximo mês (UTC).',
  operatorCapNoRoom:
    'O bot está perto do limite de gastos deste mês: este pedido pode custar mais do que resta. Uma pergunta mais curta ou um modelo mais barato talvez caiba; senão, ele volta a responder no dia 1º do próximo mês (UTC).',
  serverCapReached:
    'Este servidor atingiu o limite mensal de gastos com o bot; ele é zerado no dia 1º do próximo mês (UTC). Um admin do servidor pode aumentá-lo com /budget.',
  serverCapReachedFigures:
    'Este servidor atingiu o limite mensal de gastos com o bot ({{spent}} de {{cap}} usados).',
  serverCapReachedPending:
    'Este servidor atingiu o limite mensal de gastos com o bot ({{spent}} de {{cap}} usados, {{pending}} em andamento).',
  dmCapReached: 'Você atingiu o limite de hoje para mensagens diretas com o bot; ele é zerado às 00:00 UTC.',
  dmCapReachedFigures:
    'Você atingiu o limite de hoje para mensagens diretas com o bot ({{spent}} de {{cap}} usados); ele é zerado às 00:00 UTC.',
  userInstallCapInServer:
    'Você atingiu o limite de hoje para usar o bot neste servidor, onde ele só funciona porque você o instalou ({{spent}} de {{cap}} usados); ele é zerado às 00:00 UTC.',
  userInstallCapOutside:
    'Você atingiu o limite de hoje para usar o bot fora dos servidores que o adicionaram (as DMs dele, DMs em grupo e DMs com amigos) ({{spent}} de {{cap}} usados); ele é zerado às 00:00 UTC.',
  memberDailyCapReached:
    'Você atingiu seu limite diário de gastos neste servidor. Ele é zerado às 00:00 UTC.',
  memberDailyCapFigures:
    'Você atingiu seu limite diário de gastos neste servidor ({{spent}} de {{cap}} hoje). Ele é zerado às 00:00 UTC.',
  memberMonthlyCapReached:
    'Você atingiu seu limite mensal de gastos neste servidor. Ele é zerado no dia 1º do próximo mês (UTC).',
  memberMonthlyCapFigures:
    'Você atingiu seu limite mensal de gastos neste servidor ({{spent}} de {{cap}} este mês). Ele é zerado no dia 1º do próximo mês (UTC).',
  serverCapNoRoomFigures:
    'Este pedido pode custar mais do que os {{left}} que restam do limite mensal de gastos deste servidor com o bot ({{spent}} de {{cap}} usados).',
  serverCapNoRoomPending:
    'Este pedido pode custar mais do que os {{left}} que restam do limite mensal de gastos deste servidor com o bot ({{spent}} de {{cap}} usados, {{pending}} em andamento).',
  serverCapNoRoom:
    'Este pedido pode custar mais do que resta do limite mensal de gastos deste servidor com o bot. Um admin do servidor pode aumentá-lo com /budget.',
  dmCapNoRoomFigures:
    'Este pedido pode custar mais do que os {{left}} que restam do limite de hoje para mensagens diretas com o bot ({{spent}} de {{cap}} usados); ele é zerado às 00:00 UTC.',
  dmCapNoRoom:
    'Este pedido pode custar mais do que resta do limite de hoje para mensagens diretas com o bot; ele é zerado às 00:00 UTC.',
  userInstallNoRoomInServer:
    'Este pedido pode custar mais do que os {{left}} que restam do limite de hoje para usar o bot neste servidor, onde ele só funciona porque você o instalou ({{spent}} de {{cap}} usados); ele é zerado às 00:00 UTC.',
  userInstallNoRoomOutside:
    'Este pedido pode custar mais do que os {{left}} que restam do limite de hoje para usar o bot fora dos servidores que o adicionaram (as DMs dele, DMs em grupo e DMs com amigos) ({{spent}} de {{cap}} usados); ele é zerado às 00:00 UTC.',
  memberDailyNoRoom:
    'Este pedido pode custar mais do que resta do seu limite diário de gastos neste servidor. Ele é zerado às 00:00 UTC.',
  memberDailyNoRoomFigures:
    'Este pedido pode custar mais do que os {{left}} que restam do seu limite diário de gastos neste servidor ({{spent}} de {{cap}} hoje). Ele é zerado às 00:00 UTC.',
  memberMonthlyNoRoom:
    'Este pedido pode custar mais do que resta do seu limite mensal de gastos neste servidor. Ele é zerado no dia 1º do próximo mês (UTC).',
  memberMonthlyNoRoomFigures:
    'Este pedido pode custar mais do que os {{left}} que restam do seu limite mensal de gastos neste servidor ({{spent}} de {{cap}} este mês). Ele é zerado no dia 1º do próximo mês (UTC).',
  raiseServerMonthly: 'Um admin (Gerenciar servidor) pode aumentá-lo com /budget set monthly.',
  raiseMemberDaily:
    'Um admin (Gerenciar servidor) pode aumentá-lo com /budget set daily_per_member, ou para um cargo com /budget role set daily.',
  raiseMemberMonthly: 'Um admin (Gerenciar servidor) pode aumentá-lo com /budget role set monthly.',
  // Paid plans (PLANS_FILE): refusals, and /usage show
  planSpentFigures:
    'A franquia do plano deste servidor para este mês acabou ({{spent}} de {{allowance}}), e não resta crédito comprado.',
  planNoRoomFigures:
    'Este pedido pode custar mais do que os {{left}} que restam este mês da franquia do plano e do crédito deste servidor ({{spent}} de {{allowance}} usados, crédito {{credit}}).',
  planSpent:
    'Este servidor usou a franquia do plano deste mês; ela é renovada no dia 1º do próximo mês (UTC).',
  planNoRoom: 'Este pedido pode custar mais do que resta este mês da franquia do plano deste servidor.',
  planAddMore:
    'Um admin do servidor pode assinar um plano para o servidor ou comprar crédito na loja do app; uma assinatura de membro cobre as suas próprias perguntas.',
  planLine:
    'Plano: {{plan}}; restam {{left}} da franquia de {{allowance}} deste mês; saldo de crédito {{credit}}.',
  planFree: 'franquia gratuita',
  planSubscribed: 'assinatura do servidor ({{count}})',
  planCredits: 'Pacotes de crédito: {{count}}, {{money}} no total; o mais recente em {{day}}.',
  // Channel messages
  alertReached:
    '📈 Os gastos deste servidor com o bot chegaram este mês a {{percent}}% do limite: {{spent}} de {{cap}}.',
  alertRefusing: 'Novas solicitações são recusadas até o limite ser aumentado (/budget) ou o mês acabar.',
  costImage: '💰 {{money}}',
  costChat: '💰 {{money}} · {{tokens}}',
  costChatEstimated: '💰 {{money}} · {{tokens}} (estimado)',
};

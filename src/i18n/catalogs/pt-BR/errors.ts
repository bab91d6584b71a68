/** Words of the errors namespace (see translator.ts for the conventions). */
export default {
  serviceSaid: 'O serviço disse: “{{detail}}”',
  serviceAuth:
    'O serviço rejeitou a chave de API deste bot (HTTP {{status}}). Um admin do bot precisa corrigir a chave; nada foi cobrado.',
  serviceOwnKeyRefused:
    'O serviço rejeitou a chave de serviço própria deste servidor (HTTP {{status}}); nada foi cobrado. Um admin pode verificá-la com /config service-key show.',
  serviceQuota:
    'O serviço diz que a conta deste bot ficou sem cota.{{said}} Um admin do bot precisa recarregá-la.',
  serviceBusy: 'O serviço está sobrecarregado agora (limite de taxa). Tente de novo daqui a pouco.',
  serviceBusyWait: 'O serviço está sobrecarregado agora (limite de taxa). Tente de novo em {{wait}}.',
  serviceUnavailable: 'O serviço está indisponível agora (HTTP {{status}}). Tente de novo daqui a pouco.',
  serviceRefused: 'O serviço recusou o pedido (HTTP {{status}}).{{said}}',
  serviceCancelled: 'O pedido foi cancelado.',
  serviceNoStart: 'O serviço não começou a responder em {{wait}}. Tente de novo.',
  serviceUnreachable: 'O bot não conseguiu alcançar o serviço ({{reason}}). Tente de novo daqui a pouco.',
  connectTimedOut: 'tempo de conexão esgotado',
  serviceFailedEarly: 'O pedido ao serviço falhou antes de ser respondido. Tente de novo.',
  replyCut: 'A resposta foi interrompida.',
  noReply: 'Nenhuma resposta chegou.',
  replyTooLong: 'A resposta demorou mais de {{wait}}, então o bot a interrompeu.',
  answerTooLarge: 'O serviço enviou uma resposta maior que {{size}}, que o bot não lê.',
  eventTooLarge: 'O serviço enviou mais de {{size}} em um único evento do stream, então o bot parou de ler.',
  serviceSilent: 'O serviço não enviou nada por {{wait}}, então o bot parou de esperar.',
  connectionDropped: 'A conexão com o serviço caiu no meio da resposta.',
  serviceReported: 'O serviço informou um erro: “{{message}}”.',
  serviceReportedMidReply: 'O serviço informou um erro no meio da resposta: “{{message}}”.',
  unreadableReply: 'O serviço enviou uma resposta que o bot não consegue ler.',
  unreadableImages: 'O serviço respondeu, mas sem imagens que o bot consiga ler.',
  characters_one: '{{count, number}} caractere',
  characters_many: '{{count, number}} de caracteres',
  characters_other: '{{count, number}} caracteres',
  storeUnavailable:
    '⚠️ O armazenamento do bot está indisponível agora; nada foi cobrado. Tente de novo em um minuto.',
  discordRefused: '⚠️ O Discord recusou o pedido do bot (erro {{code}}: {{message}}).',
  discordBusy: '⚠️ O Discord não aceitou o pedido do bot agora. Tente de novo daqui a pouco.',
  internal: '⚠️ Algo deu errado dentro do bot (id do erro {{errorId}}). O operador pode encontrá-lo no log.',
  discordSaid: 'O Discord disse: {{message}}',
  discordFailed: 'O Discord falhou',
  restartingNow: '⏳ O bot está reiniciando. Tente de novo em um minuto.',
  formGone:
    'Este formulário não funciona mais (talvez seja de uma versão antiga do bot). Use o comando de novo.',
  commandGone:
    'Este comando não está disponível (talvez tenha sido removido em uma atualização). Digite / para ver os atuais.',
  buttonGone: 'Este botão não funciona mais (talvez seja de uma versão antiga do bot).',
  buttonUnsupported: 'Este botão não é mais suportado.',
  userInstallOff:
    'Aqui o bot só funciona onde um servidor o adicionou: o operador desativou o uso como app instalado na sua conta.',
  dmsOff:
    'Este bot só funciona em servidores: as mensagens diretas com ele estão desativadas. Pergunte em um servidor que vocês tenham em comum.',
  channelNotAllowed:
    'O bot não está ativado neste canal: a configuração de canais permitidos deste servidor (/config channels) o deixa de fora.',
  chatBusy:
    'Você já tem um pedido em andamento neste canal. Espere ele terminar (ou aperte o botão Parar dele) e pergunte de novo.',
  imagesBusy: 'Você já tem imagens sendo geradas neste canal. Espere por elas e tente de novo.',
  tooFastServer:
    'Você está enviando pedidos rápido demais: este servidor permite {{perMinute}} por minuto por membro. Tente de novo em {{wait}}.',
  tooFastBot:
    'Você está enviando pedidos rápido demais: o bot permite {{perMinute}} por minuto por membro. Tente de novo em {{wait}}.',
  refusedPublicly: '⛔ Este pedido foi recusado. Pergunte de novo para saber o motivo (só você vai ver).',
};

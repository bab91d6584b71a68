/** Words of the chat namespace (see translator.ts for the conventions). */
export default {
  emptyReply: 'O modelo retornou uma resposta vazia.',
  noEndMarker: '⚠️ O serviço encerrou o stream sem marcador de fim; esta resposta pode estar incompleta.',
  maxTokens: 'A resposta parou no limite de max_tokens ({{maxTokens}}).',
  stoppedEarly: 'O serviço interrompeu a resposta antes do fim (motivo: {{reason}}).',
  cancelledInLine: '⏹️ Cancelado antes de começar; nada foi cobrado.',
  storageFailed:
    '⚠️ O bot não conseguiu salvar esta conversa, então a próxima mensagem pode não se lembrar dela.',
  restartingCut: 'O bot está reiniciando, por isso esta resposta foi interrompida.',
  stoppedBy: '⏹️ Interrompido por {{name}}.',
  stoppedByUncharged: '⏹️ Interrompido por {{name}} antes de o serviço responder; nada foi cobrado.',
  context: 'contexto {{percent}} %',
  contextDropping:
    'contexto {{percent}} % · as mensagens mais antigas não cabem mais e estão sendo esquecidas',
  retrying: '⏳ O serviço ainda não conseguiu responder. Tentando de novo em {{wait}}…',
  fallbackDaily: 'respondido com {{model}}: seu limite diário não cobriria {{refused}}',
  fallbackMonthly: 'respondido com {{model}}: seu limite mensal não cobriria {{refused}}',
  waitingNext: '⏳ Aguardando a resposta anterior à sua neste canal…',
  waitingInLine:
    '⏳ Você é o número {{ahead}} na fila deste canal; aqui o bot responde um pedido de cada vez.',
  deadlineReason:
    'Aqui o bot só pode responder dentro de {{wait}} após o comando (limite do Discord para um app instalado na sua conta)',
  deadlineStopped: '{{reason}}, então ele interrompeu a resposta antes disso.',
  deadlineInLine: '⏳ {{reason}}, e este pedido ainda estava esperando; nada foi cobrado.',
  stop: 'Parar',
  regenerate: 'Gerar de novo',
  alreadyFinished: 'Esta resposta já terminou.',
  stopForbidden:
    'Só o membro que perguntou (ou alguém com a permissão Gerenciar mensagens) pode parar esta resposta.',
  regenerateForbidden:
    'Só o membro que perguntou (ou alguém com a permissão Gerenciar mensagens) pode gerar esta resposta de novo.',
  notLatest:
    'Só a resposta mais recente de uma conversa pode ser gerada de novo, e esta não é mais a mais recente.',
  promptEmpty: 'Sua mensagem está vazia. Escreva algo para perguntar.',
  promptEmptyInstructions: 'Sua mensagem está vazia. Escreva as instruções.',
  promptEmptyQuestion: 'Sua mensagem está vazia. Escreva uma pergunta sobre a mensagem.',
  promptTooLong: 'Sua mensagem tem {{length}} caracteres; o limite é {{limit}}.',
  mentionHint: 'Escreva sua pergunta depois da menção, por exemplo: @me o que é uma mônada?',
  threadRule: 'thread deve ser true ou false.',
  threadsNeedTheBot:
    'Tópicos só podem ser abertos onde o servidor adicionou o bot; aqui ele responde a você como um app instalado na sua conta.',
  threadsInServers: 'Tópicos só podem ser abertos em um canal de servidor.',
  alreadyThread: 'Isto já é um tópico: é só perguntar aqui.',
  memberCannotCreateThreads:
    'Você não pode criar tópicos neste canal, então o /ask não pode abrir um para você. Pergunte sem thread ou peça a um moderador.',
  threadFailed: '⚠️ Não foi possível abrir um tópico ({{reason}}); a conversa continua neste canal.',
  threadHowToContinue:
    '💬 Para continuar neste tópico, mencione {{bot}} ou responda às mensagens dele: ele não vê as outras mensagens aqui.',
  threadName: 'Conversa',
  formTitle: 'Perguntar ao {{model}}',
  formTitleAnyModel: 'Perguntar ao modelo',
  formLabel: 'Sua pergunta',
  formDescription: 'As quebras de linha são mantidas. Até {{limit}} caracteres.',
  formFilesLabel: 'Arquivos (opcional)',
  formFilesDescription: 'Até {{files}} arquivos de {{limit}} cada: texto, código, CSV, JSON, PDF ou Word',
  continuedInFile:
    '✂️ Continua no arquivo anexo {{file}} (mais {{chars}} caracteres): o Discord limita quantas mensagens o bot pode postar aqui por comando.',
  cutHere:
    '✂️ Cortado aqui: mais {{chars}} caracteres não são mostrados. O Discord limita quantas mensagens o bot pode postar aqui por comando, e o bot não pode anexar arquivos.',
  // Members' files (files/fileNote.ts): a line each under the reply, or a refusal.
  fileImage: '{{name}}: uma imagem; este serviço só lê texto',
  fileAudio: '{{name}}: áudio; este serviço só lê texto',
  fileVideo: '{{name}}: um vídeo; este serviço só lê texto',
  fileArchive: '{{name}}: um arquivo compactado; o bot não descompacta arquivos',
  fileBinary: '{{name}}: não é texto, PDF nem documento do Word, então não foi lido',
  fileEncrypted: '{{name}}: o PDF é criptografado, então não foi lido',
  fileNoText: '{{name}}: sem camada de texto (um escaneamento?), então não foi lido',
  fileDamaged: '{{name}}: danificado ou não é o que parece, então não foi lido',
  fileDeadline: '{{name}}: a leitura demorou demais, então não foi lido',
  fileTooLarge: '{{name}}: precisa de mais memória do que o bot permite, então não foi lido',
  fileBusy: '{{name}}: o bot está lendo arquivos demais agora; tente de novo daqui a pouco',
  fileCancelled: '{{name}}: a leitura foi cancelada',
  fileNotDiscord: '{{name}}: não é um endereço de anexo do Discord, então não foi baixado',
  fileTooBig: '{{name}} tem {{size}}; o bot lê arquivos de até {{limit}}.',
  fileTooBigTogether: '{{name}}: não foi lido, os arquivos juntos passam dos {{limit}} que o bot lê',
  fileUnpacksTooLarge: '{{name}}: passaria de {{limit}} ao ser descompactado, então não foi lido',
  fileDownloadFailed: '{{name}}: não foi possível baixar ({{reason}})',
  filePagesCut: '{{name}}: páginas 1-{{read}} de {{total}} lidas',
  fileCharsCut: '{{name}}: os primeiros {{read}} de {{total}} caracteres lidos',
  fileDefaultQuestion: 'O que há neste arquivo?',
};

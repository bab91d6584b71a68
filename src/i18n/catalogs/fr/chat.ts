/** Words of the chat namespace (see translator.ts for the conventions). */
export default {
  emptyReply: 'Le modèle a renvoyé une réponse vide.',
  noEndMarker:
    '⚠️ Le service a terminé le flux sans marqueur de fin ; cette réponse est peut-être incomplète.',
  maxTokens: 'La réponse s’est arrêtée à la limite max_tokens ({{maxTokens}}).',
  stoppedEarly: 'Le service a arrêté la réponse avant la fin (raison : {{reason}}).',
  cancelledInLine: '⏹️ Annulé avant de commencer ; rien n’a été facturé.',
  storageFailed:
    '⚠️ Le bot n’a pas pu enregistrer cet échange, le prochain message risque donc de ne pas s’en souvenir.',
  restartingCut: 'Le bot redémarre, cette réponse a donc été interrompue.',
  stoppedBy: '⏹️ Arrêté par {{name}}.',
  stoppedByUncharged: '⏹️ Arrêté par {{name}} avant que le service ne réponde ; rien n’a été facturé.',
  context: 'contexte {{percent}} %',
  contextDropping: 'contexte {{percent}} % · les messages les plus anciens ne tiennent plus et sont oubliés',
  retrying: '⏳ Le service n’a pas encore pu répondre. Nouvel essai dans {{wait}}…',
  fallbackDaily: 'répondu avec {{model}} : ta limite quotidienne ne couvrirait pas {{refused}}',
  fallbackMonthly: 'répondu avec {{model}} : ta limite mensuelle ne couvrirait pas {{refused}}',
  waitingNext: '⏳ En attente de la réponse qui précède la tienne dans ce salon…',
  waitingInLine:
    '⏳ Tu es numéro {{ahead}} dans la file de ce salon ; le bot traite ici une demande à la fois.',
  deadlineReason:
    'Ici, le bot ne peut répondre que dans les {{wait}} qui suivent la commande (limite de Discord pour une app installée sur ton compte)',
  deadlineStopped: '{{reason}}, il a donc arrêté la réponse avant.',
  deadlineInLine: '⏳ {{reason}}, et cette demande était encore en attente ; rien n’a été facturé.',
  stop: 'Arrêter',
  regenerate: 'Régénérer',
  alreadyFinished: 'Cette réponse est déjà terminée.',
  stopForbidden:
    'Seul le membre qui a posé la question (ou quelqu’un ayant la permission Gérer les messages) peut arrêter cette réponse.',
  regenerateForbidden:
    'Seul le membre qui a posé la question (ou quelqu’un ayant la permission Gérer les messages) peut régénérer cette réponse.',
  notLatest:
    'Seule la dernière réponse d’une conversation peut être régénérée, et celle-ci n’est plus la dernière.',
  promptEmpty: 'Ton message est vide. Écris quelque chose à demander.',
  promptEmptyInstructions: 'Ton message est vide. Écris les instructions.',
  promptEmptyQuestion: 'Ton message est vide. Écris une question sur le message.',
  promptTooLong: 'Ton message fait {{length}} caractères ; la limite est de {{limit}}.',
  mentionHint: 'Écris ta question après la mention, par exemple : @me c’est quoi une monade ?',
  threadRule: 'thread doit valoir true ou false.',
  threadsNeedTheBot:
    'Les fils ne peuvent être ouverts que là où le serveur a ajouté le bot ; ici, il te répond en tant qu’app installée sur ton compte.',
  threadsInServers: 'Les fils ne peuvent être ouverts que dans un salon de serveur.',
  alreadyThread: 'Tu es déjà dans un fil : pose simplement ta question ici.',
  memberCannotCreateThreads:
    'Tu ne peux pas créer de fils dans ce salon, donc /ask ne peut pas en ouvrir un pour toi. Pose ta question sans thread, ou demande à un modérateur.',
  threadFailed: '⚠️ Impossible d’ouvrir un fil ({{reason}}) ; la conversation continue dans ce salon.',
  threadHowToContinue:
    '💬 Pour continuer dans ce fil, mentionne {{bot}} ou réponds à ses messages : il ne voit pas les autres messages ici.',
  threadName: 'Conversation',
  formTitle: 'Demander à {{model}}',
  formTitleAnyModel: 'Demander au modèle',
  formLabel: 'Ta question',
  formDescription: 'Les retours à la ligne sont conservés. Jusqu’à {{limit}} caractères.',
  formFilesLabel: 'Fichiers (facultatif)',
  formFilesDescription:
    'Jusqu’à {{files}} fichiers de {{limit}} chacun : texte, code, CSV, JSON, PDF ou Word',
  continuedInFile:
    '✂️ La suite est dans le fichier joint {{file}} ({{chars}} caractères de plus) : Discord limite le nombre de messages que le bot peut publier ici pour une commande.',
  cutHere:
    '✂️ Coupé ici : {{chars}} caractères de plus ne sont pas affichés. Discord limite le nombre de messages que le bot peut publier ici pour une commande, et le bot ne peut pas joindre de fichiers.',
  // Members' files (files/fileNote.ts): a line each under the reply, or a refusal.
  fileImage: '{{name}} : une image ; ce service ne lit que du texte',
  fileAudio: '{{name}} : de l’audio ; ce service ne lit que du texte',
  fileVideo: '{{name}} : une vidéo ; ce service ne lit que du texte',
  fileArchive: '{{name}} : une archive ; le bot ne décompresse pas les archives',
  fileBinary: '{{name}} : ni texte, ni PDF, ni document Word, donc non lu',
  fileEncrypted: '{{name}} : le PDF est chiffré, donc non lu',
  fileNoText: '{{name}} : pas de couche de texte (un scan ?), donc non lu',
  fileDamaged: '{{name}} : endommagé ou pas ce qu’il semble être, donc non lu',
  fileDeadline: '{{name}} : la lecture a pris trop de temps, donc non lu',
  fileTooLarge: '{{name}} : demande plus de mémoire que le bot n’en permet, donc non lu',
  fileBusy: '{{name}} : le bot lit trop de fichiers en ce moment ; réessayez dans un instant',
  fileCancelled: '{{name}} : la lecture a été annulée',
  fileNotDiscord: '{{name}} : pas une adresse de pièce jointe Discord, donc non récupéré',
  fileTooBig: '{{name}} fait {{size}} ; le bot lit les fichiers jusqu’à {{limit}}.',
  fileTooBigTogether: '{{name}} : non lu, les fichiers ensemble dépassent les {{limit}} que le bot lit',
  fileUnpacksTooLarge: '{{name}} : dépasserait {{limit}} une fois décompressé, donc non lu',
  fileDownloadFailed: '{{name}} : téléchargement impossible ({{reason}})',
  filePagesCut: '{{name}} : pages 1 à {{read}} sur {{total}} lues',
  fileCharsCut: '{{name}} : les {{read}} premiers caractères sur {{total}} lus',
  fileDefaultQuestion: 'Que contient ce fichier ?',
};

/** Words of the errors namespace (see translator.ts for the conventions). */
export default {
  serviceSaid: 'Le service a dit : « {{detail}} »',
  serviceAuth:
    'Le service a refusé la clé d’API de ce bot (HTTP {{status}}). Un admin du bot doit corriger la clé ; rien n’a été facturé.',
  serviceOwnKeyRefused:
    'Le service a refusé la clé de service propre à ce serveur (HTTP {{status}}) ; rien n’a été facturé. Un admin peut la vérifier avec /config service-key show.',
  serviceQuota:
    'Selon le service, le compte de ce bot a épuisé son quota.{{said}} Un admin du bot doit le recharger.',
  serviceBusy: 'Le service est surchargé en ce moment (limite de débit). Réessaie dans un instant.',
  serviceBusyWait: 'Le service est surchargé en ce moment (limite de débit). Réessaie dans {{wait}}.',
  serviceUnavailable: 'Le service est indisponible en ce moment (HTTP {{status}}). Réessaie dans un instant.',
  serviceRefused: 'Le service a refusé la demande (HTTP {{status}}).{{said}}',
  serviceCancelled: 'La demande a été annulée.',
  serviceNoStart: 'Le service n’a pas commencé à répondre dans les {{wait}}. Réessaie.',
  serviceUnreachable: 'Le bot n’a pas pu joindre le service ({{reason}}). Réessaie dans un instant.',
  connectTimedOut: 'délai de connexion dépassé',
  serviceFailedEarly: 'La demande au service a échoué avant d’obtenir une réponse. Réessaie.',
  replyCut: 'La réponse a été interrompue.',
  noReply: 'Aucune réponse n’est arrivée.',
  replyTooLong: 'La réponse a pris plus de {{wait}}, le bot l’a donc arrêtée.',
  answerTooLarge: 'Le service a envoyé une réponse de plus de {{size}}, que le bot ne lit pas.',
  eventTooLarge:
    'Le service a envoyé plus de {{size}} dans un seul événement du flux, le bot a donc arrêté de lire.',
  serviceSilent: 'Le service n’a rien envoyé pendant {{wait}}, le bot a donc arrêté d’attendre.',
  connectionDropped: 'La connexion au service a été coupée en pleine réponse.',
  serviceReported: 'Le service a signalé une erreur : « {{message}} ».',
  serviceReportedMidReply: 'Le service a signalé une erreur en pleine réponse : « {{message}} ».',
  unreadableReply: 'Le service a envoyé une réponse que le bot ne sait pas lire.',
  unreadableImages: 'Le service a répondu, mais sans images que le bot sait lire.',
  characters_one: '{{count, number}} caractère',
  characters_many: '{{count, number}} de caractères',
  characters_other: '{{count, number}} caractères',
  storeUnavailable:
    '⚠️ Le stockage du bot est indisponible en ce moment ; rien n’a été facturé. Réessaie dans une minute.',
  discordRefused: '⚠️ Discord a refusé la demande du bot (erreur {{code}} : {{message}}).',
  discordBusy: '⚠️ Discord n’a pas accepté la demande du bot pour l’instant. Réessaie dans un instant.',
  internal:
    '⚠️ Un problème est survenu dans le bot (identifiant d’erreur {{errorId}}). L’opérateur peut le retrouver dans le journal.',
  discordSaid: 'Discord a dit : {{message}}',
  discordFailed: 'Discord a échoué',
  restartingNow: '⏳ Le bot redémarre. Réessaie dans une minute.',
  formGone:
    'Ce formulaire ne fonctionne plus (il vient peut-être d’une ancienne version du bot). Utilise de nouveau la commande.',
  commandGone:
    'Cette commande n’est pas disponible (elle a peut-être été retirée lors d’une mise à jour). Tape / pour voir les commandes actuelles.',
  buttonGone: 'Ce bouton ne fonctionne plus (il vient peut-être d’une ancienne version du bot).',
  buttonUnsupported: 'Ce bouton n’est plus pris en charge.',
  userInstallOff:
    'Le bot ne fonctionne ici que là où un serveur l’a ajouté : son opérateur a désactivé son utilisation en tant qu’app installée sur ton compte.',
  dmsOff:
    'Ce bot ne fonctionne que sur les serveurs : les messages privés avec lui sont désactivés. Pose ta question sur un serveur que vous avez en commun.',
  channelNotAllowed:
    'Le bot n’est pas activé dans ce salon : le réglage des salons autorisés de ce serveur (/config channels) l’exclut.',
  chatBusy:
    'Tu as déjà une demande en cours dans ce salon. Attends qu’elle se termine (ou appuie sur son bouton Arrêter), puis redemande.',
  imagesBusy:
    'Des images sont déjà en cours de génération pour toi dans ce salon. Attends-les, puis réessaie.',
  tooFastServer:
    'Tu envoies des demandes trop vite : ce serveur en autorise {{perMinute}} par minute et par membre. Réessaie dans {{wait}}.',
  tooFastBot:
    'Tu envoies des demandes trop vite : le bot en autorise {{perMinute}} par minute et par membre. Réessaie dans {{wait}}.',
  refusedPublicly: '⛔ Cette demande a été refusée. Redemande pour savoir pourquoi (toi seul le verras).',
};

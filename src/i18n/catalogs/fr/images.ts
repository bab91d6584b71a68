/** Words of /imagine and the message commands (see translator.ts for the conventions). */
export default {
  noAttachFiles:
    'Le bot ne peut pas publier d’images ici : il n’a pas la permission « Joindre des fichiers » dans ce salon.',
  rerollElsewhere:
    'Cette demande d’images a été faite dans un autre salon : elle ne peut être relancée que là-bas.',
  buttonUnsupported: 'Ce bouton n’est plus pris en charge.',
  rerollTooOld: 'Cette demande d’images est trop ancienne pour être relancée. Utilise à nouveau /imagine.',
  rerollNotYours: 'Seule la personne qui a demandé ces images (ou un modérateur) peut les relancer.',
  promptEmpty: 'Ton prompt est vide. Décris l’image que tu veux.',
  promptTooLong: 'Ton prompt fait {{length}} caractères ; la limite est de {{limit}}.',
  sizeInvalid: 'size doit être l’une de ces valeurs : {{sizes}}.',
  nInvalid: 'n doit être un nombre entier de {{min}} à {{max}}.',
  reroll: 'Relancer',
  progress_one: '🎨 Génération de {{count, number}} image en {{size}} …',
  progress_many: '🎨 Génération de {{count, number}} d’images en {{size}} …',
  progress_other: '🎨 Génération de {{count, number}} images en {{size}} …',
  imageCount_one: '{{count, number}} image',
  imageCount_many: '{{count, number}} d’images',
  imageCount_other: '{{count, number}} images',
  noLink: 'Image {{index}} : le service n’a envoyé aucun lien pour elle.',
  linksNote:
    'Le bot ne peut pas joindre de fichiers ici : voici donc les liens du service (ils peuvent expirer).',
  restarting: 'Le bot redémarre ; rien n’a été généré.',
  notReadyInTime:
    'Ici, le bot ne peut répondre que dans les {{wait}} qui suivent la commande (limite de Discord pour une app installée sur ton compte), et les images n’étaient pas prêtes à temps ; rien n’a été facturé.',
  fewerReturned_one: 'Le service a renvoyé {{got}} image sur {{count, number}}.',
  fewerReturned_many: 'Le service a renvoyé {{got}} images sur {{count, number}}.',
  fewerReturned_other: 'Le service a renvoyé {{got}} images sur {{count, number}}.',
  tooLargeHere:
    'L’image {{index}} est trop lourde pour être envoyée ici (plus de {{megabytes}} Mo) : <{{url}}> (le lien peut expirer).',
  notDownloaded: 'L’image {{index}} n’a pas pu être téléchargée : {{reason}}.',
  imagesOf: 'Images {{numbers}} sur {{total}}',
  notPosted: '⚠️ Les images {{numbers}} n’ont pas pu être publiées ({{reason}}).',
  downloadNoUrl: 'le service n’a envoyé aucune URL pour elle',
  downloadInvalidUrl: 'le service n’a envoyé aucune URL d’image valide',
  downloadNotHttp: 'le service a envoyé une URL d’image qui n’est pas HTTP',
  downloadInternal:
    'l’hébergeur de l’image est sur un réseau privé ou interne, où le bot ne va rien chercher',
  downloadRedirectNotHttp: 'l’hébergeur de l’image a redirigé vers une adresse qui n’est pas http(s)',
  downloadStoppedResponding: 'l’hébergeur de l’image ne répond plus',
  downloadNoConnection: 'l’hébergeur de l’image n’a pas accepté de connexion',
  downloadFailedCode: 'le téléchargement a échoué ({{code}})',
  downloadFailed: 'le téléchargement a échoué',
  downloadTooManyRedirects: 'l’hébergeur de l’image a redirigé trop de fois',
  downloadStatus: 'l’hébergeur de l’image a répondu HTTP {{status}}',
  downloadTooLarge: 'l’image est trop lourde pour être envoyée',
  downloadNotPng: 'le fichier n’est pas une image PNG',
  downloadCancelled: 'le téléchargement a été annulé',
  downloadTooSlow: 'l’hébergeur de l’image a mis plus de {{wait}}',
  askFormTitle: 'Poser une question sur ce message',
  askFormLabel: 'Ta question sur le message',
  askFormDescription: 'Les retours à la ligne sont conservés. Jusqu’à {{limit}} caractères.',
  askQuestionEmpty: 'Ton prompt est vide. Écris une question sur le message.',
  nothingToAskAbout:
    'Ce message n’a ni texte ni fichier texte que le bot peut lire (les images et les autres fichiers ne sont pas lus). Choisis un message avec du texte, ou utilise /ask.',
  askFormExpired:
    'Ce formulaire a expiré (un formulaire garde son message pendant une heure). Utilise à nouveau « Demander sur ce message » sur le message.',
  askAboutHead: '-# ↪️ À propos d’un message de {{author}} : {{link}}',
  botNotInChannel:
    'Le bot ne peut pas lire cette discussion : il n’en est pas membre (tu l’utilises depuis les apps de ton propre compte). « Résumer à partir d’ici » fonctionne là où le bot lui-même se trouve : les serveurs qui l’ont ajouté, et ta conversation privée avec lui.',
  cannotReadHistory:
    'Le bot ne peut pas lire les messages de ce salon : il lui faut ici « Voir le salon » et « Voir les anciens messages ». Un admin du serveur peut les lui donner dans les permissions du salon.',
  memberCannotReadHistory:
    'Tu ne peux pas lire toi-même l’historique de ce salon : « Résumer à partir d’ici » demande que tu aies toi aussi ici « Voir le salon » et « Voir les anciens messages ».',
  summaryHead_one: '-# ↪️ Résumé de {{count, number}} message depuis {{link}}',
  summaryHead_many: '-# ↪️ Résumé de {{count, number}} de messages depuis {{link}}',
  summaryHead_other: '-# ↪️ Résumé de {{count, number}} messages depuis {{link}}',
  summaryOmitted_one:
    'Le message le plus ancien a été laissé de côté pour tenir dans le budget d’historique de ce salon.',
  summaryOmitted_many:
    'Les {{count, number}} de messages les plus anciens ont été laissés de côté pour tenir dans le budget d’historique de ce salon.',
  summaryOmitted_other:
    'Les {{count, number}} messages les plus anciens ont été laissés de côté pour tenir dans le budget d’historique de ce salon.',
};
